import type { TablePaginationProps } from '@mui/material';
import { Pagination, type PaginationProps, useListContext, useTranslate } from 'react-admin';
import { LOCALE } from '../../../../domain/constants';
import { formatTotal } from '../../../ui/listTotal';

const integer = new Intl.NumberFormat(LOCALE);

/** '1.234', or 'mais de 100' when the server stopped counting (domain/listTotals.ts). */
export function useCappedTotal() {
  const translate = useTranslate();
  return (total: number | undefined) =>
    formatTotal(total, (limit) => translate('adam.list.more_than', { limit }));
}

/** react-admin's pagination with thousands separators and the capped total in words. */
export function CappedPagination() {
  const translate = useTranslate();
  const { total } = useListContext();
  const formatTotal = useCappedTotal();
  const label = ({ from, to }: { from: number; to: number }) =>
    translate('ra.navigation.page_range_info', {
      offsetBegin: integer.format(from),
      offsetEnd: integer.format(to),
      total: formatTotal(total),
    });
  // react-admin hands its other props to MUI's TablePagination, but its type leaves this one out.
  const muiProps: Pick<TablePaginationProps, 'labelDisplayedRows'> = { labelDisplayedRows: label };
  return <Pagination rowsPerPageOptions={[25, 50, 100]} {...(muiProps as PaginationProps)} />;
}
