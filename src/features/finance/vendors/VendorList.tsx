import { PartyList } from '../parties/PartyList';

export default function VendorList() {
  return <PartyList resource="financeiro/fornecedores" />;
}
