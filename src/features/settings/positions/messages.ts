// The positions' texts (resources.configuracoes/positions.*): src/i18n finds this file by its
// place (features/<area>/<resource>/messages.ts) and takes `resourceMessages`.
import type { ResourceMessages } from '../../../routing/types';

const positionsMessages: ResourceMessages = {
  name: 'Cargo |||| Cargos',
  forcedCaseName: 'cargo',
  empty: 'Nenhum cargo cadastrado ainda.',
  invite: 'Cadastre os cargos da igreja: membro, diácono, presbítero, pastor…',
  delete_title: 'Excluir cargo',
  delete_content: 'Tem certeza de que deseja excluir este cargo?',
  ministerial_help: 'Quem tem cargo ministerial aparece na lista de obreiros.',
  ministerial_yes: 'Ministerial',
  sort_order_help: 'Os cargos aparecem em ordem crescente deste número.',
  fields: {
    name: 'Nome',
    ministerial: 'Ministerial',
    sortOrder: 'Ordem',
    memberCount: 'Membros',
  },
};

export const resourceMessages = { 'configuracoes/positions': positionsMessages };
