// Marcos and certificados (issue 28): resources.membros/marcos.* and resources.membros/certificados.*.
import type { ResourceMessages } from '../../../routing/types';

export const resourceMessages: Record<string, ResourceMessages> = {
  'membros/marcos': {
    name: 'Marco |||| Marcos',
    title: 'Marcos',
    none: 'Nenhum marco registrado.',
    add: 'Registrar marco',
    added: 'Marco registrado.',
    issue: 'Emitir certificado',
    issued: 'Certificado nº %{number} emitido.',
    print: 'Imprimir certificado',
    undated: 'sem data',
    fields: {
      kind: 'Marco',
      date: 'Data',
      place: 'Local',
      officiantName: 'Oficiante',
      officiantMemberId: 'Oficiante (obreiro da igreja)',
      admissionType: 'Forma de recebimento',
      originChurch: 'Igreja de origem',
      spouseName: 'Nome do cônjuge',
      notes: 'Observações',
    },
  },
  'membros/certificados': {
    name: 'Certificado |||| Certificados',
    batch_title: 'Certificados de um batismo',
    batch_help:
      'Escolha a data do batismo: o Adam emite o certificado de cada batizado desse dia (os que ainda não têm) e imprime todos num só PDF.',
    print_batch: 'Imprimir certificados do batismo',
    recent: 'Certificados emitidos',
    empty: 'Nenhum certificado emitido.',
    fields: {
      date: 'Data do batismo',
      congregationId: 'Congregação',
      numberText: 'Nº',
      kind: 'Certificado',
      memberName: 'Membro',
      issuedOn: 'Emissão',
    },
  },
};
