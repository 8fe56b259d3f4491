import { PartyMovements } from '../parties/PartyMovements';
import { PartyShow } from '../parties/PartyShow';

export default function VendorShow() {
  return (
    <PartyShow
      party="vendor"
      totalsTitle="adam.finance.expenses_by_year"
      movements={
        <PartyMovements
          title="adam.finance.expenses"
          reference="financeiro/despesas"
          target="vendorId"
          empty="adam.finance.no_expenses"
        />
      }
    />
  );
}
