import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import MailIcon from '@mui/icons-material/Mail';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { formatDate } from '../../../../domain/formats';
import { LETTER_TYPE_LABELS } from '../../../../domain/letters';
import {
  MemberDocumentsCard,
  MemberDocumentsTable,
  useMemberDocuments,
} from '../MemberDocumentsPanel';
import { LabeledButton } from '../../../ui/LabeledButton';
import { PaperMark } from '../../../ui/PaperMark';
import { PaperRecordDialog } from '../PaperRecordDialog';
import { IssueLetterDialog } from './IssueLetterDialog';
import { LetterTransfer } from '../transfers/LetterTransfer';
import { type Letter, letterPdfName } from '../../../providers/letters';

const RESOURCE = 'cartas';

/** The member's letters on the detail page (secretary access): issue one, print any. */
export function MemberLettersPanel() {
  const {
    member,
    allowed,
    documents: data,
    churchMissing,
  } = useMemberDocuments<Letter>(RESOURCE, 'issuedOn');
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const [open, setOpen] = useState(false);
  const [paper, setPaper] = useState(false);
  if (!member || !allowed) return null;
  const downloadPdf = (letter: Letter) =>
    download(() => dataProvider.letterPdf(letter.id), letterPdfName(letter));
  const memberActive = member.status === 'active' && !member.anonymizedAt;

  const issued = async (letter: Letter) => {
    setOpen(false);
    notify('adam.letters.issued', { type: 'success', messageArgs: { number: letter.numberText } });
    // A transfer letter changed the member's status: reload the whole page.
    refresh();
    // A transfer letter is printed with the confirmation code the answer carries (shown once).
    await (letter.confirmationCode
      ? download(
          () => dataProvider.transferLetterPdf(letter.id, letter.confirmationCode),
          letterPdfName(letter),
        )
      : downloadPdf(letter));
  };

  return (
    <MemberDocumentsCard
      titleId="member-letters-title"
      icon={<MailIcon color="primary" />}
      title="adam.letters.title"
      churchMissing={churchMissing}
      note={
        member.anonymizedAt
          ? 'adam.subject.locked'
          : memberActive
            ? undefined
            : 'adam.letters.only_active'
      }
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <LabeledButton
            label="adam.letters.issue"
            variant="contained"
            onClick={() => setOpen(true)}
            disabled={!memberActive || churchMissing.length > 0}
          >
            <MailIcon />
          </LabeledButton>
          {/* History of any member (also one who left): not only active ones. */}
          <LabeledButton label="adam.paper.open" onClick={() => setPaper(true)}>
            <HistoryEduIcon />
          </LabeledButton>
        </Stack>
      }
    >
      {data.length === 0 ? (
        <Typography color="textSecondary">{translate('adam.letters.none')}</Typography>
      ) : (
        <MemberDocumentsTable
          label="adam.letters.title"
          headings={[
            'adam.letters.fields.numberText',
            'adam.letters.fields.letterType',
            'adam.letters.fields.issuedOn',
            'adam.letters.fields.destinationChurch',
          ]}
        >
          {data.map((letter) => (
            <TableRow key={letter.id}>
              <TableCell>
                {letter.numberText}
                <PaperMark show={letter.issuedOnPaper} />
              </TableCell>
              <TableCell>
                {LETTER_TYPE_LABELS[letter.letterType]}
                <LetterTransfer letter={letter} memberName={member.name} onChanged={refresh} />
              </TableCell>
              <TableCell>{formatDate(letter.issuedOn)}</TableCell>
              <TableCell>
                {[letter.destinationChurch, letter.destinationCity].filter(Boolean).join(' – ')}
              </TableCell>
              <TableCell align="right">
                {!letter.issuedOnPaper && (
                  <Tooltip title={translate('adam.letters.download')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate('adam.letters.download')} ${letter.numberText}`}
                      onClick={() => void downloadPdf(letter)}
                      disabled={busy}
                    >
                      <PictureAsPdfIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </MemberDocumentsTable>
      )}
      {paper && (
        <PaperRecordDialog
          kind="letter"
          member={member}
          onClose={() => setPaper(false)}
          onRecorded={() => {
            setPaper(false);
            refresh();
          }}
        />
      )}
      {open && (
        <IssueLetterDialog
          member={member}
          open={open}
          onClose={() => setOpen(false)}
          onIssued={issued}
        />
      )}
    </MemberDocumentsCard>
  );
}
