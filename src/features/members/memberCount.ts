// The members' screens read their totals through the shared formatter.
export { formatInteger, formatTotal } from '../../ui/listTotal';
