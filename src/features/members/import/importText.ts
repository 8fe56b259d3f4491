// The words of the member import wizard (Brazilian Portuguese).
import { DUPLICATE_KIND_LABELS, OUTSIDE_DUPLICATE } from '../../../../domain/memberImport';
import { MEMBER_STATUS_LABELS } from '../../../../domain/members';

const count = (value: number) => value.toLocaleString('pt-BR');
const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;

export const IMPORT_TEXT = {
  title: 'Importar membros',
  steps: {
    file: 'Arquivo',
    mapping: 'Colunas',
    dryRun: 'Simulação',
    names: 'Cargos, departamentos e congregações',
    import: 'Importação',
    result: 'Resultado',
  },
  stepOf: (step: number, total: number) => `Passo ${step} de ${total}`,
  working: 'Processando…',
  failed: 'Não foi possível concluir. Tente de novo.',
  fileHelp:
    'Envie a planilha de membros: um CSV (separado por “;” ou “,”, em UTF-8 ou no formato do Excel) ou um arquivo .xlsx. A primeira linha deve ter os nomes das colunas.',
  fileLabel: 'Planilha (CSV ou .xlsx)',
  defaultCongregation: 'Congregação padrão',
  defaultCongregationHelp: 'Usada nas linhas sem a coluna “Congregação”.',
  noDefault: 'Nenhuma (a da planilha)',
  duplicateDefault: 'Membros repetidos',
  analyse: 'Analisar planilha',
  fileRead: (name: string, rows: number, encoding: string | null, delimiter: string | null) =>
    `${name}: ${plural(rows, 'linha', 'linhas')}` +
    (encoding ? `, ${encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'}` : '') +
    (delimiter ? `, separado por “${delimiter}”` : '') +
    '.',
  mappingHelp:
    'Confira para qual campo do cadastro vai cada coluna da planilha. As colunas reconhecidas já vêm escolhidas.',
  columnLabel: (header: string) => `Coluna “${header}”`,
  ignore: 'Ignorar esta coluna',
  back: 'Voltar',
  next: 'Continuar',
  summary: (total: number, valid: number, errors: number, duplicates: number) =>
    `${plural(total, 'linha', 'linhas')}: ${plural(valid, 'pronta', 'prontas')} para importar, ${plural(errors, 'com erro', 'com erro')} (não serão importadas), ${plural(duplicates, 'repetida', 'repetidas')}.`,
  ignoredRows: 'Linhas deixadas de fora por parecerem totais, não membros:',
  ignoredRow: (row: number, text: string) => `linha ${count(row)}: “${text}”`,
  rowsCleared:
    'As linhas desta simulação já foram apagadas (os dados pessoais da planilha não ficam guardados): volte e analise a planilha de novo.',
  show: 'Mostrar',
  filters: {
    all: 'Todas as linhas',
    errors: 'Só as linhas com erro',
    duplicates: 'Só os repetidos',
    ok: 'Só as linhas sem erro',
  },
  dryRunTable: 'Simulação da importação',
  line: 'Linha',
  name: 'Nome',
  values: 'Como será gravado',
  problems: 'Problemas e repetições',
  born: 'nasc.',
  mobile: 'cel.',
  statuses: MEMBER_STATUS_LABELS,
  duplicateOf: (duplicate: {
    kind: keyof typeof DUPLICATE_KIND_LABELS;
    member_name: string | null;
    row: number | null;
    outside: boolean;
  }) =>
    duplicate.outside
      ? `${OUTSIDE_DUPLICATE} (${DUPLICATE_KIND_LABELS[duplicate.kind]})`
      : duplicate.member_name
        ? `Já cadastrado: ${duplicate.member_name} (${DUPLICATE_KIND_LABELS[duplicate.kind]})`
        : `Repete a linha ${duplicate.row ?? ''} (${DUPLICATE_KIND_LABELS[duplicate.kind]})`,
  actions: {
    skip: 'Pular',
    update: 'Atualizar o membro existente',
    create: 'Cadastrar mesmo assim',
  },
  previous: 'Anteriores',
  nextPage: 'Próximas',
  pageOf: (from: number, to: number, total: number) =>
    `${count(from)}–${count(to)} de ${count(total)}`,
  allFound: 'Todos os cargos, departamentos e congregações da planilha já estão cadastrados.',
  unknownTitle: {
    positions: 'Cargos não encontrados',
    departments: 'Departamentos não encontrados',
    congregations: 'Congregações não encontradas',
  },
  unknownLabel: (name: string, rows: number) => `“${name}” (${plural(rows, 'linha', 'linhas')})`,
  leaveError: 'Não importar essas linhas',
  create: (name: string) => `Cadastrar “${name}”`,
  mapTo: (name: string) => `Usar “${name}”`,
  congregationHelp: 'Congregações novas são cadastradas em Configurações > Congregações.',
  beforeImport:
    'As linhas com erro não serão importadas. Se a importação falhar, nada será gravado; depois de concluída, ela pode ser desfeita por 30 dias.',
  importNow: 'Importar',
  importing: 'Importando os membros… Você pode acompanhar o progresso abaixo.',
  progressLabel: 'Progresso da importação',
  progress: (done: number, total: number) =>
    `${count(done)} de ${count(total)} linhas processadas.`,
  done: 'Importação concluída.',
  resultTable: 'Resultado da importação',
  created: 'Membros cadastrados',
  updated: 'Membros atualizados',
  skipped: 'Linhas puladas',
  withErrors: 'Linhas com erro',
  seeMembers: 'Ver os membros',
  undo: 'Desfazer importação',
  undoConfirm:
    'Desfazer a importação? Os membros cadastrados por ela serão excluídos e os atualizados voltarão ao que eram.',
  undone: (deleted: number, restored: number, kept: number) =>
    `Importação desfeita: ${plural(deleted, 'membro excluído', 'membros excluídos')}, ${plural(restored, 'restaurado', 'restaurados')}` +
    (kept > 0 ? `; ${plural(kept, 'membro mantido', 'membros mantidos')}:` : '.'),
  keptLine: (name: string | null, row: number, reason: string) =>
    `${name ?? `Linha ${row}`}: ${reason}`,
  another: 'Importar outra planilha',
};
