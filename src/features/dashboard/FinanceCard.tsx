import PaidIcon from '@mui/icons-material/Paid';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { paths } from '../../routing/paths';
import { Money } from '../../ui/Money';
import type { FinanceSummary } from '../../providers/financeTypes';

/** The main dashboard's finance card (financial access only): balance, month result, overdue. */
export function FinanceCard({ figures }: { figures: FinanceSummary }) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={Link}
        to={paths.list('financeiro/visao-geral')}
        sx={{ height: '100%' }}
      >
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }}>
            <PaidIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.total_balance')}
            </Typography>
            <Typography variant="h4" component="p">
              <Money cents={figures.totalBalanceCents} />
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.month_result')}: <Money cents={figures.resultCents} signed />
            </Typography>
            {figures.overdue.count > 0 && (
              <Typography variant="body2" color="error">
                {translate('adam.finance.overdue_count', { smart_count: figures.overdue.count })}:{' '}
                <Money cents={figures.overdue.totalCents} />
              </Typography>
            )}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
