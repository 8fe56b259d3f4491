import { PartyList } from '../parties/PartyList';
import { YearStatementsButton } from './StatementButtons';

export default function DonorList() {
  return <PartyList resource="financeiro/contribuintes" actions={<YearStatementsButton />} />;
}
