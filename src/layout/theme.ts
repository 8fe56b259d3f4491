import { type RaThemeOptions, defaultTheme } from 'react-admin';
import { BREAKPOINTS } from '../../domain/constants';
import { filterFormThemeComponents } from '../ui/inputs/DebouncedSearchInput';

// SPEC §9's breakpoints are upper bounds (xs < 600, sm < 960, md < 1280, lg < 1920);
// MUI's values are lower bounds, so each MUI key starts where the previous SPEC one ends.
const breakpoints = {
  values: { xs: 0, sm: BREAKPOINTS.xs, md: BREAKPOINTS.sm, lg: BREAKPOINTS.md, xl: BREAKPOINTS.lg },
};

const shared: RaThemeOptions = {
  ...defaultTheme,
  breakpoints,
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Segoe UI", Helvetica, Arial, sans-serif' },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    // List filter bars wait SPEC §9's 300 ms (react-admin's own default is 500 ms).
    ...filterFormThemeComponents,
    // A table wider than the screen (long names, department chips) scrolls inside its card,
    // never the whole page: the layout (fit-content in react-admin) and the flex boxes around the
    // table may shrink below their content.
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
    },
    // MUI's own words in every autocomplete (react-admin leaves them to MUI): "No options".
    MuiAutocomplete: {
      defaultProps: {
        noOptionsText: 'Nenhum resultado',
        loadingText: 'Carregando…',
        openText: 'Abrir',
        closeText: 'Fechar',
        clearText: 'Limpar',
      },
    },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDataTable: {
      styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79' },
    secondary: { main: '#8a5a00' },
    background: { default: '#f5f6f8' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#8fb8e0' },
    secondary: { main: '#f0b650' },
  },
};
