import type { TablePaginationProps } from '@mui/material';
import { Pagination, type PaginationProps, useListContext, useTranslate } from 'react-admin';
import { formatInteger, formatTotal } from './listTotal';

const ROWS_PER_PAGE = [10, 25, 50, 100];

/** react-admin's pagination, with thousands separators and the capped total in words. */
export function MemberPagination() {
  const translate = useTranslate();
  const { total } = useListContext();
  const label = ({ from, to }: { from: number; to: number }) =>
    translate('ra.navigation.page_range_info', {
      offsetBegin: formatInteger(from),
      offsetEnd: formatInteger(to),
      total: formatTotal(total, (limit) => translate('adam.list.more_than', { limit })),
    });
  // react-admin hands its other props to MUI's TablePagination, but its type leaves this one out.
  const muiProps: Pick<TablePaginationProps, 'labelDisplayedRows'> = { labelDisplayedRows: label };
  return <Pagination rowsPerPageOptions={ROWS_PER_PAGE} {...(muiProps as PaginationProps)} />;
}
