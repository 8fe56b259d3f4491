import { PartyList } from '../parties/PartyList';

export default function DonorList() {
  return <PartyList resource="financeiro/contribuintes" />;
}
