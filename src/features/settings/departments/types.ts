export interface Department {
  id: number;
  name: string;
  description: string | null;
  leaderId: number | null;
  memberCount: number;
}
