/** A line of /financeiro/ofertas_a_receber: the offering of a gathering not yet received. */
export interface PendingOffering {
  id: number;
  kind: string;
  kindLabel: string;
  date: string;
  congregationId: number;
  congregationName: string | null;
  name: string;
  amountCents: number;
  recordedBy: string | null;
}
