import { ptBR } from '@mui/material/locale';
import { createElement } from 'react';
import type { Theme } from '@mui/material/styles';
import { type RaThemeOptions, defaultTheme } from 'react-admin';
import { BREAKPOINTS } from '../../domain/constants';
import { raPtBr } from '../i18n/raPtBr';
import { AddLineButton } from '../ui/AddLineButton';
import { filterFormThemeComponents } from '../ui/inputs/DebouncedSearchInput';

// SPEC §9's breakpoints are upper bounds (xs < 600, sm < 960, md < 1280, lg < 1920);
// MUI's values are lower bounds, so each MUI key starts where the previous SPEC one ends.
const breakpoints = {
  values: { xs: 0, sm: BREAKPOINTS.xs, md: BREAKPOINTS.sm, lg: BREAKPOINTS.md, xl: BREAKPOINTS.lg },
};

/**
 * Whoever asked the system for less motion (WCAG 2.3.3) gets none: menus, dialogs and drawers
 * appear at once and buttons do not ripple (the focus outline below still shows where the
 * keyboard is).
 */
const reducedMotion =
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const withoutMotion: RaThemeOptions = {
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
};

const LOADING = String((raPtBr.ra as { page: { loading: string } }).page.loading);

const shared: RaThemeOptions = {
  ...defaultTheme,
  breakpoints,
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Segoe UI", Helvetica, Arial, sans-serif' },
  sidebar: { width: 248, closedWidth: 56 },
  ...(reducedMotion ? withoutMotion : {}),
  components: {
    ...defaultTheme.components,
    ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    // MUI's own words (pagination buttons, "Sem opções", "Fechar"...) in Portuguese.
    ...ptBR.components,
    // Keyboard focus is always visible: an outline on whatever has focus from the keyboard
    // (MUI's ripple tint alone is too faint to follow).
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
        '.MuiButtonBase-root.Mui-focusVisible, .MuiInputBase-root.Mui-focused:has(:focus-visible)':
          { outline: '2px solid', outlineOffset: 2 },
      },
    },
    // Spinners and progress bars are named ("Carregando…") for screen readers.
    MuiCircularProgress: { defaultProps: { 'aria-label': LOADING } },
    MuiLinearProgress: { defaultProps: { 'aria-label': LOADING } },
    // Texts react-admin and MUI draw in the "disabled" grey (2.6:1) where they are read, not
    // disabled: the empty list's message, the hints under read-only inputs.
    RaEmpty: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '& .RaEmpty-message': { color: theme.palette.text.secondary },
        }),
      },
    },
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.Mui-disabled': { color: theme.palette.text.secondary },
        }),
      },
    },
    // A button that turns enabled (a report's "Planilha (CSV)" once its rows arrive) shows its
    // colour at once: MUI fades the text colour from the disabled grey over 250 ms, and whoever
    // reads the screen then (axe did, on MUI 9's timing) finds grey text at 1.9:1. Background,
    // shadow and border still fade.
    MuiButton: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color'], {
            duration: theme.transitions.duration.short,
          }),
        }),
      },
    },
    // Lists of lines (instalments, offerings) add a line with a worded button.
    RaSimpleFormIterator: { defaultProps: { addButton: createElement(AddLineButton) } },
    // Toolbars above lists and forms wrap on a phone instead of squeezing their buttons.
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4 } } },
    // The bulk-action buttons stay out of the tab order (and of screen readers) until a row is
    // selected: react-admin only folds their bar to zero height.
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    // The label of a checkbox (react-admin's "select this row") belongs on the input, which is
    // what has focus and what a screen reader announces, not on the wrapping span.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => ({
            'aria-label': ownerState['aria-label'],
          }),
        },
      },
    },
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
    // An open menu shows each label whole, on two lines when it is long ("Atualizações de
    // cadastro", "Membros por congregação"), instead of cutting it with "…"; a closed one keeps
    // react-admin's single clipped line beside the icon.
    RaMenu: {
      styleOverrides: {
        root: {
          '&.RaMenu-open .RaMenuItemLink-root': { whiteSpace: 'normal' },
          '&.RaMenu-open .RaMenuItemLink-root .MuiTypography-noWrap': { whiteSpace: 'normal' },
        },
      },
    },
    // MUI 9 dropped Stack's system props: react-admin 5.15 still hands SingleFieldList's gap (1)
    // to a Stack as a prop, which no longer spaces anything; the chips' gap is set here instead.
    RaSingleFieldList: {
      styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ gap: theme.spacing(1) }) },
    },
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
    // Darker than MUI's defaults so that chips and texts in these colours read at 4.5:1 on
    // white (MUI's info was 3.9:1, warning 3.1:1 with white text) and the red "Excluir" at 4.5:1
    // on the grey form toolbar.
    info: { main: '#01579b' },
    warning: { main: '#b45309' },
    error: { main: '#b71c1c' },
    background: { default: '#f5f6f8' },
  },
  components: {
    ...shared.components,
    // Avatars with initials (no photo): white on a grey dark enough to read (MUI's is 1.7:1).
    MuiAvatar: {
      styleOverrides: { colorDefault: { backgroundColor: '#5f6b7a', color: '#ffffff' } },
    },
  },
};

export const darkTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#8fb8e0' },
    secondary: { main: '#f0b650' },
  },
  components: {
    ...shared.components,
    MuiAvatar: {
      styleOverrides: { colorDefault: { backgroundColor: '#546e7a', color: '#ffffff' } },
    },
  },
};
