import { PartyMovements } from '../parties/PartyMovements';
import { PartyShow } from '../parties/PartyShow';
import { DonorStatementButton } from './StatementButtons';
import { DonorTithes } from './DonorTithes';

export default function DonorShow() {
  return (
    <PartyShow
      party="donor"
      totalsTitle="adam.finance.incomes_by_year"
      actions={<DonorStatementButton />}
      extra={<DonorTithes />}
      movements={
        <PartyMovements
          title="adam.finance.incomes"
          reference="financeiro/receitas"
          target="donorId"
          empty="adam.finance.no_incomes"
        />
      }
    />
  );
}
