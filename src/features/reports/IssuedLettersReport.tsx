import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { IconButton, Tooltip, Typography } from '@mui/material';
import { DataTable, type Identifier, SimpleList, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDownload } from '../../providers/downloads';
import { todayIso } from '../../../domain/dates';
import { formatDate } from '../../../domain/formats';
import { LETTER_TYPE_LABELS, type LetterType, formatLetterNumber } from '../../../domain/letters';
import { PAPER_LABEL } from '../../../domain/paperHistory';
import { TRANSFER_STATE_LABELS, type TransferState } from '../../../domain/transfers';
import { TransferStateChip } from '../../ui/TransferStateChip';
import { paths } from '../../routing/paths';
import { PaperMark } from '../../ui/PaperMark';
import { letterPdfName } from '../../providers/letters';
import { choicesFrom } from '../../ui/choices';
import { FilterDate, FilterSelect } from './ReportFilterFields';
import { CongregationFilter } from './CongregationFilter';
import { ReportEmpty, ReportPage } from './ReportPage';

interface LetterRow {
  id: number;
  number: number;
  year: number;
  letterType: LetterType;
  issuedOn: string;
  memberId: number;
  memberName: string;
  destinationChurch: string;
  destinationCity: string;
  congregationName: string;
  issuedOnPaper: boolean;
  transferState: TransferState | null;
  receivingChurch: string | null;
  confirmedAt: string | null;
}

/** A transfer letter's transfer: its state, and the church that confirmed it, when. */
function TransferCell({ row }: { row: LetterRow }) {
  if (!row.transferState) return null;
  return (
    <>
      <TransferStateChip state={row.transferState} />
      {row.receivingChurch && (
        <Typography variant="body2" color="textSecondary">
          {row.receivingChurch}
          {row.confirmedAt ? ` · ${formatDate(row.confirmedAt)}` : ''}
        </Typography>
      )}
    </>
  );
}

const TYPES = choicesFrom(LETTER_TYPE_LABELS);
const toMember = (_id: Identifier, _resource: string, row: LetterRow) =>
  paths.show('membros', row.memberId);

function PdfButton({ row }: { row: LetterRow }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const label = `${translate('adam.letters.download')} ${formatLetterNumber(row.number, row.year)}`;
  return (
    <Tooltip title={translate('adam.letters.download')}>
      <IconButton
        size="small"
        aria-label={label}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          void download(() => dataProvider.letterPdf(row.id), letterPdfName(row));
        }}
      >
        <PictureAsPdfIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** /relatorios/cartas_emitidas: letters of a period (default this year), by type. */
export default function IssuedLettersReport() {
  const today = todayIso();
  return (
    <ReportPage
      report="issued_letters"
      filterDefaults={{ issuedOnGte: `${today.slice(0, 4)}-01-01`, issuedOnLte: today }}
      filters={
        <>
          <FilterDate source="issuedOnGte" label="adam.reports.issued_letters.from" />
          <FilterDate source="issuedOnLte" label="adam.reports.issued_letters.to" />
          <FilterSelect
            source="letterType"
            label="adam.reports.issued_letters.type"
            choices={TYPES}
            emptyLabel="adam.reports.issued_letters.all_types"
            minWidth={240}
          />
          <CongregationFilter />
        </>
      }
      table={
        <DataTable
          rowClick={toMember}
          bulkActionButtons={false}
          empty={<ReportEmpty text="adam.reports.issued_letters.empty" />}
        >
          <DataTable.Col
            source="number"
            label="adam.letters.fields.numberText"
            disableSort
            render={(row: LetterRow) => (
              <>
                {formatLetterNumber(row.number, row.year)}
                <PaperMark show={row.issuedOnPaper} />
              </>
            )}
          />
          <DataTable.Col
            source="issuedOn"
            label="adam.letters.fields.issuedOn"
            disableSort
            render={(row: LetterRow) => formatDate(row.issuedOn)}
          />
          <DataTable.Col
            source="letterType"
            label="adam.letters.fields.letterType"
            disableSort
            render={(row: LetterRow) => LETTER_TYPE_LABELS[row.letterType]}
          />
          <DataTable.Col
            source="memberName"
            label="adam.reports.issued_letters.member"
            disableSort
          />
          <DataTable.Col source="congregationName" label="adam.reports.congregation" disableSort />
          <DataTable.Col
            source="destinationChurch"
            label="adam.reports.issued_letters.church"
            disableSort
          />
          <DataTable.Col
            source="destinationCity"
            label="adam.reports.issued_letters.city"
            disableSort
          />
          <DataTable.Col
            source="transferState"
            label="adam.reports.issued_letters.transfer"
            disableSort
            render={(row: LetterRow) => <TransferCell row={row} />}
          />
          <DataTable.Col
            disableSort
            render={(row: LetterRow) => (row.issuedOnPaper ? null : <PdfButton row={row} />)}
          />
        </DataTable>
      }
      phoneList={
        <SimpleList<LetterRow>
          primaryText={(row) => row.memberName}
          secondaryText={(row) =>
            [
              LETTER_TYPE_LABELS[row.letterType],
              row.transferState && TRANSFER_STATE_LABELS[row.transferState],
              row.destinationChurch,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(row) =>
            `${formatLetterNumber(row.number, row.year)}${row.issuedOnPaper ? ` (${PAPER_LABEL.toLowerCase()})` : ''} · ${formatDate(row.issuedOn)} · ${row.congregationName}`
          }
          rowClick={(_id, _resource, row) => paths.show('membros', (row as LetterRow).memberId)}
          empty={<ReportEmpty text="adam.reports.issued_letters.empty" />}
        />
      }
    />
  );
}
