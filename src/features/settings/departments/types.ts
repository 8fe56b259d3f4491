export interface Department {
  id: number;
  name: string;
  description: string | null;
  leaderId: number | null;
  /** Its congregation, or null for the whole church (issue 12). */
  congregationId: number | null;
  congregationName: string | null;
  memberCount: number;
}
