// The annual statement of gifts (informe anual de contribuições, issue 25): a donor's, from the
// donor's page, and every donor's of a year in one PDF, from the donors list.
import DescriptionIcon from '@mui/icons-material/Description';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Form,
  SelectInput,
  required,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { LabeledButton } from '../../../ui/LabeledButton';
import type { Party } from '../parties/types';

/** Last year first (statements are handed out in January), then this year and five before. */
function recentYears(): Array<{ id: number; name: string }> {
  const current = Number(todayIso().slice(0, 4));
  return [current - 1, current, ...Array.from({ length: 5 }, (_, i) => current - 2 - i)].map(
    (year) => ({
      id: year,
      name: String(year),
    }),
  );
}

function YearDialog(props: {
  title: string;
  help: string;
  years: Array<{ id: number; name: string }>;
  onClose: () => void;
  file: (year: number) => Promise<Blob>;
}) {
  const translate = useTranslate();
  const { download } = useDownload();
  const print = async (values: Record<string, unknown>) => {
    if (await download(() => props.file(Number(values.year)))) props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth>
      <Form
        disableInvalidFormNotification
        noValidate
        onSubmit={print}
        record={{ year: props.years[0]?.id }}
      >
        <DialogTitle>{translate(props.title)}</DialogTitle>
        <DialogContent>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {translate(props.help)}
          </Typography>
          <SelectInput
            source="year"
            label="adam.finance.year"
            choices={props.years}
            validate={required()}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={props.onClose}>{translate('ra.action.cancel')}</MuiButton>
          <FormSaveButton
            label="adam.finance.statements_year.download"
            icon={<DescriptionIcon />}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** "Informe anual" on a donor's page: the years the donor gave in. */
export function DonorStatementButton() {
  const donor = useRecordContext<Party>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const years = (donor?.yearlyTotals ?? []).map((total) => ({
    id: total.year,
    name: String(total.year),
  }));
  if (!donor || years.length === 0) return null;
  return (
    <>
      <LabeledButton label="adam.finance.statements_year.one" onClick={() => setOpen(true)}>
        <DescriptionIcon />
      </LabeledButton>
      {open && (
        <YearDialog
          title="adam.finance.statements_year.one_title"
          help="adam.finance.statements_year.one_help"
          years={years}
          onClose={() => setOpen(false)}
          file={(year) => dataProvider.donorStatement(Number(donor.id), year)}
        />
      )}
    </>
  );
}

/** "Informes do ano" on the donors list: every donor's statement of a year, a page each. */
export function YearStatementsButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const years = recentYears();
  return (
    <>
      <LabeledButton label="adam.finance.statements_year.all" onClick={() => setOpen(true)}>
        <DescriptionIcon />
      </LabeledButton>
      {open && (
        <YearDialog
          title="adam.finance.statements_year.all_title"
          help="adam.finance.statements_year.all_help"
          years={years}
          onClose={() => setOpen(false)}
          file={(year) => dataProvider.donorStatements(year)}
        />
      )}
    </>
  );
}
