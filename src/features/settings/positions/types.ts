export interface Position {
  id: number;
  name: string;
  ministerial: boolean;
  sortOrder: number;
  memberCount: number;
}
