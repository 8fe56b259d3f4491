import MailIcon from '@mui/icons-material/Mail';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useDownload } from '../calls/useDownload';
import { formatDate } from '../domain/formats';
import { LETTER_TYPE_LABELS } from '../domain/letters';
import { canWrite } from '../routing/useCanWrite';
import { IssueLetterDialog } from './IssueLetterDialog';
import { type Letter, letterPdf } from './types';

const RESOURCE = 'cartas';

/** The member's letters on the detail page (secretary access): issue one, print any. */
export function MemberLettersPanel() {
  const member = useRecordContext<{ id: number; name: string; status: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { download, busy } = useDownload();
  const [open, setOpen] = useState(false);
  const allowed = canWrite(RESOURCE);
  const { data = [] } = useGetList<Letter>(
    RESOURCE,
    {
      filter: { memberId: member?.id },
      sort: { field: 'issuedOn', order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: Boolean(member) && allowed },
  );
  if (!member || !allowed) return null;
  const memberActive = member.status === 'active';

  const issued = async (letter: Letter) => {
    setOpen(false);
    notify('adam.letters.issued', { type: 'success', messageArgs: { number: letter.numberText } });
    // A transfer letter changed the member's status and card: reload the whole page.
    refresh();
    const { path, filename } = letterPdf(letter);
    await download(path, filename);
  };

  return (
    <Card component="section" aria-labelledby="member-letters-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <MailIcon color="primary" />
            <Typography variant="h6" component="h2" id="member-letters-title">
              {translate('adam.letters.title')}
            </Typography>
          </Stack>
          <Button
            label="adam.letters.issue"
            variant="contained"
            onClick={() => setOpen(true)}
            disabled={!memberActive}
          >
            <MailIcon />
          </Button>
        </Stack>
        {!memberActive && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('adam.letters.only_active')}
          </Typography>
        )}
        {data.length === 0 ? (
          <Typography color="text.secondary">{translate('adam.letters.none')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            <Table size="small" aria-label={translate('adam.letters.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('adam.letters.fields.numberText')}</TableCell>
                  <TableCell>{translate('adam.letters.fields.letterType')}</TableCell>
                  <TableCell>{translate('adam.letters.fields.issuedOn')}</TableCell>
                  <TableCell>{translate('adam.letters.fields.destinationChurch')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((letter) => (
                  <TableRow key={letter.id}>
                    <TableCell>{letter.numberText}</TableCell>
                    <TableCell>{LETTER_TYPE_LABELS[letter.letterType]}</TableCell>
                    <TableCell>{formatDate(letter.issuedOn)}</TableCell>
                    <TableCell>
                      {letter.destinationChurch} – {letter.destinationCity}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={translate('adam.letters.download')}>
                        <IconButton
                          size="small"
                          aria-label={`${translate('adam.letters.download')} ${letter.numberText}`}
                          onClick={() => {
                            const { path, filename } = letterPdf(letter);
                            void download(path, filename);
                          }}
                          disabled={busy}
                        >
                          <PictureAsPdfIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
      {open && (
        <IssueLetterDialog
          member={member}
          open={open}
          onClose={() => setOpen(false)}
          onIssued={issued}
        />
      )}
    </Card>
  );
}
