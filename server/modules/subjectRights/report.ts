// The data subject's report (LGPD art. 18, issue 13): everything the church keeps about a member,
// readable by the member — the church's head, each field with its label, the photo, and a table
// for each kind of record (credentials, letters, consents, requests, donations, the audit trail).
import {
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  formatPhone,
  formatZipCode,
} from '../../../domain/formats.js';
import { fieldLabel } from '../../../domain/auditFieldLabels.js';
import { selfUpdateValueText } from '../../../domain/selfUpdate.js';
import type { SubjectData } from './export.js';
import type { VisitorData } from './visitors.js';
import {
  COLORS,
  FONT,
  type Pdf,
  drawImage,
  imageOf,
  printable,
  renderPdf,
} from '../../pdf/document.js';
import { drawLetterhead } from '../../pdf/letterhead.js';
import { type PdfColumn, drawFooters, drawTable } from '../../pdf/report.js';

const SIZE = 8.5;
const LABEL_WIDTH = 150;
const PHOTO = { width: 96, height: 120 };

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

interface Layout {
  doc: Pdf;
  left: number;
  width: number;
  y: number;
}

const bottomOf = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` does not fit below `layout.y`. */
function ensureRoom(layout: Layout, height: number) {
  if (layout.y + height > bottomOf(layout.doc)) {
    layout.doc.addPage();
    layout.y = layout.doc.page.margins.top;
  }
}

function heading(layout: Layout, title: string) {
  const { doc, left, width } = layout;
  ensureRoom(layout, 70);
  layout.y += 10;
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLORS.primary)
    .text(printable(title), left, layout.y, { width });
  layout.y = doc.y + 3;
  doc
    .moveTo(left, layout.y)
    .lineTo(left + width, layout.y)
    .lineWidth(0.75)
    .strokeColor(COLORS.primary)
    .stroke();
  doc.fillColor(COLORS.text);
  layout.y += 6;
}

function paragraph(layout: Layout, text: string, options: { muted?: boolean; size?: number } = {}) {
  const { doc, left, width } = layout;
  doc
    .font(FONT.regular)
    .fontSize(options.size ?? SIZE + 0.5)
    .fillColor(options.muted ? COLORS.muted : COLORS.text);
  const height = doc.heightOfString(printable(text), { width });
  ensureRoom(layout, height + 4);
  doc.text(printable(text), left, layout.y, { width });
  layout.y = doc.y + 4;
  doc.fillColor(COLORS.text);
}

/** Label and value rows; `narrow`: room kept at the right (the photo beside the first rows). */
function fieldRows(layout: Layout, rows: Array<[string, string]>, narrow = 0) {
  const { doc, left } = layout;
  for (const [label, value] of rows) {
    const valueWidth = layout.width - LABEL_WIDTH - 6 - (layout.y < narrow ? PHOTO.width + 12 : 0);
    doc.font(FONT.bold).fontSize(SIZE);
    const labelHeight = doc.heightOfString(printable(label), { width: LABEL_WIDTH });
    doc.font(FONT.regular).fontSize(SIZE + 0.5);
    const valueHeight = doc.heightOfString(printable(dash(value)), { width: valueWidth });
    const height = Math.max(labelHeight, valueHeight) + 4;
    ensureRoom(layout, height);
    doc
      .font(FONT.bold)
      .fontSize(SIZE)
      .fillColor(COLORS.muted)
      .text(printable(label), left, layout.y + 1, { width: LABEL_WIDTH });
    doc
      .font(FONT.regular)
      .fontSize(SIZE + 0.5)
      .fillColor(value ? COLORS.text : COLORS.muted)
      .text(printable(dash(value)), left + LABEL_WIDTH + 6, layout.y, { width: valueWidth });
    layout.y += height;
  }
  doc.fillColor(COLORS.text);
}

function table<Row>(layout: Layout, columns: PdfColumn<Row>[], rows: Row[], empty: string) {
  layout.y = drawTable(layout.doc, columns, rows, layout.y, empty) + 4;
}

type TrailRow = SubjectData['audit_entries'][number];

/** The audit trail about the person: when, what, by whom and the details, newest first. */
function trailTable(
  layout: Layout,
  rows: TrailRow[],
  action: (row: TrailRow) => string = (row) => row.action_label,
) {
  table(
    layout,
    [
      { header: 'Data e hora', width: 1.1, value: (row) => formatDateTime(row.created_at) },
      { header: 'Ação', width: 1.3, value: action },
      { header: 'Usuário', width: 1.2, value: (row) => dash(row.user_name) },
      {
        header: 'Detalhes',
        width: 3.2,
        // The standard fonts have no arrow: "Cargo: Membro » Diácono".
        value: (row) => row.description.join('\n').replace(/→/g, '»'),
      },
    ],
    rows,
    'Nenhuma entrada no registro de auditoria.',
  );
}

/** The messages sent (or not) to the person, and their unsubscribe (issue 28). */
function messagesSection(layout: Layout, messages: SubjectData['messages']) {
  heading(layout, 'Mensagens');
  if (messages.unsubscribed_at) {
    paragraph(
      layout,
      `Descadastrado das mensagens em ${formatDateTime(messages.unsubscribed_at)}.`,
      {
        size: SIZE,
      },
    );
  }
  table(
    layout,
    [
      { header: 'Criada em', width: 1.1, value: (row) => formatDateTime(row.created_at) },
      { header: 'Canal', width: 0.8, value: (row) => row.channel_label },
      { header: 'Assunto', width: 2, value: (row) => dash(row.subject) },
      {
        header: 'Para',
        width: 1.6,
        value: (row) => dash(row.channel === 'whatsapp' ? formatPhone(row.address) : row.address),
      },
      { header: 'Situação', width: 1, value: (row) => row.status_label },
    ],
    messages.deliveries,
    'Nenhuma mensagem.',
  );
}

const address = (row: {
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}) =>
  [
    [row.street, row.number].filter(Boolean).join(', '),
    row.complement,
    row.district,
    [row.city, row.state].filter(Boolean).join('/'),
    row.zip_code ? `CEP ${formatZipCode(row.zip_code)}` : '',
  ]
    .filter(Boolean)
    .join(' – ');

type ChurchRow = SubjectData['church'];

/**
 * An LGPD report (issues 13 and 26): the letterhead, the title, what the report is, who the
 * controller is and, for an erased identity, when and what is left; then `draw` writes the rest.
 */
function lgpdReport(
  data: { church: ChurchRow; generated_at: string },
  subject: { title: string; name: string; anonymized: string | null },
  draw: (layout: Layout) => void,
): Promise<Buffer> {
  const { church } = data;
  return renderPdf(
    { title: `${subject.title} – ${subject.name}`, author: church.name, margin: 40 },
    (doc) => {
      const left = doc.page.margins.left;
      const layout: Layout = {
        doc,
        left,
        width: doc.page.width - left - doc.page.margins.right,
        y: drawLetterhead(doc, church, true),
      };
      doc
        .font(FONT.bold)
        .fontSize(15)
        .fillColor(COLORS.text)
        .text(subject.title, left, layout.y, { width: layout.width });
      layout.y = doc.y + 4;
      paragraph(
        layout,
        `Tudo o que ${church.name} guarda sobre ${subject.name}, como pede a Lei Geral de ` +
          `Proteção de Dados (LGPD, art. 18). Gerado em ${formatDateTime(data.generated_at)}.`,
        { muted: true, size: 9 },
      );
      const controller = [
        `Controlador: ${church.name}`,
        church.cnpj ? `CNPJ ${formatDocument(church.cnpj)}` : '',
        church.dpo_name
          ? `Encarregado: ${church.dpo_name}${church.dpo_email ? ` (${church.dpo_email})` : ''}`
          : '',
      ].filter(Boolean);
      paragraph(layout, controller.join(' – '), { muted: true, size: 9 });
      if (subject.anonymized) paragraph(layout, subject.anonymized, { size: 9 });
      draw(layout);
      drawFooters(doc, data.generated_at);
    },
  );
}

export function subjectReportPdf(data: SubjectData): Promise<Buffer> {
  const { member } = data;
  const anonymized = member.anonymized_at
    ? `Titular anonimizado em ${formatDateTime(member.anonymized_at)}: os dados pessoais ` +
      'foram apagados; ficam só os dados de estatística e os números dos livros.'
    : null;
  return lgpdReport(
    data,
    { title: 'Dados do titular', name: member.name, anonymized },
    (layout) => {
      const { doc, left } = layout;

      data.sections.forEach((section, index) => {
        heading(layout, section.title);
        let photoBottom = 0;
        if (index === 0) {
          const x = left + layout.width - PHOTO.width;
          if (
            drawImage(doc, imageOf(member.photo), x, layout.y, { fit: [PHOTO.width, PHOTO.height] })
          ) {
            photoBottom = layout.y + PHOTO.height;
          } else if (member.photo) {
            doc
              .font(FONT.italic)
              .fontSize(SIZE)
              .fillColor(COLORS.muted)
              .text(
                'Foto guardada num formato que o PDF não mostra: veja o arquivo JSON.',
                x,
                layout.y,
                {
                  width: PHOTO.width,
                },
              );
            photoBottom = doc.y + 4;
          }
        }
        fieldRows(
          layout,
          section.fields.map((field) => [field.label, field.text]),
          photoBottom,
        );
        layout.y = Math.max(layout.y, photoBottom);
        if (index === 0 && !member.photo) {
          fieldRows(layout, [['Foto', 'Sem foto']]);
        }
      });

      heading(layout, 'Campos adicionais');
      if (data.custom_fields.length === 0) {
        paragraph(layout, 'Nenhum campo adicional preenchido.', { muted: true });
      } else {
        fieldRows(
          layout,
          data.custom_fields.map((field) => [field.label, field.text]),
        );
      }

      heading(layout, 'Histórico de cargos');
      table(
        layout,
        [
          { header: 'Data', width: 1.3, value: (row) => formatDateTime(row.at) },
          { header: 'De', width: 1.5, value: (row) => dash(row.from_position) },
          { header: 'Para', width: 1.5, value: (row) => dash(row.to_position) },
          { header: 'Registrado por', width: 1.7, value: (row) => dash(row.user_name) },
        ],
        data.position_history,
        'Nenhuma mudança de cargo no registro de auditoria.',
      );

      heading(layout, 'Mudanças de congregação');
      table(
        layout,
        [
          { header: 'Data', width: 1, value: (row) => formatDate(row.moved_on) },
          { header: 'De', width: 2, value: (row) => row.from_congregation_name },
          { header: 'Para', width: 2, value: (row) => row.to_congregation_name },
          { header: 'Registrada por', width: 1.6, value: (row) => dash(row.user_name) },
        ],
        data.congregation_moves,
        'Nenhuma mudança de congregação.',
      );

      heading(layout, 'Credenciais');
      table(
        layout,
        [
          { header: 'Nº', width: 0.9, value: (row) => String(row.number).padStart(6, '0') },
          { header: 'Emitida em', width: 1, value: (row) => formatDate(row.issued_on) },
          { header: 'Validade', width: 1, value: (row) => formatDate(row.expires_on) },
          { header: 'Situação', width: 1, value: (row) => row.state_label },
          {
            header: 'Origem',
            width: 1.4,
            value: (row) => (row.issued_on_paper ? 'Emitida antes do Adam' : 'Emitida pelo Adam'),
          },
        ],
        data.credentials,
        'Nenhuma credencial.',
      );

      heading(layout, 'Cartas');
      table(
        layout,
        [
          { header: 'Nº', width: 0.8, value: (row) => row.number_text },
          { header: 'Tipo', width: 1.2, value: (row) => row.letter_type_label },
          { header: 'Data', width: 0.9, value: (row) => formatDate(row.issued_on) },
          { header: 'Igreja de destino', width: 1.8, value: (row) => row.destination_church },
          { header: 'Cidade', width: 1.2, value: (row) => dash(row.destination_city) },
          {
            header: 'Observações',
            width: 1.6,
            value: (row) =>
              [row.notes, row.issued_on_paper ? 'Emitida antes do Adam' : '']
                .filter(Boolean)
                .join(' – ') || '—',
          },
        ],
        data.letters,
        'Nenhuma carta.',
      );

      heading(layout, 'Transferências');
      table(
        layout,
        [
          { header: 'Sentido', width: 0.8, value: (row) => row.direction_label },
          { header: 'Situação', width: 1, value: (row) => row.state_label },
          { header: 'Carta', width: 0.9, value: (row) => dash(row.letter_number) },
          { header: 'Igreja', width: 1.8, value: (row) => dash(row.church) },
          { header: 'Igreja que recebeu', width: 1.6, value: (row) => dash(row.receiving_church) },
          {
            header: 'Data',
            width: 1.1,
            value: (row) => formatDateTime(row.confirmed_at ?? row.cancelled_at ?? row.created_at),
          },
        ],
        data.transfers,
        'Nenhuma transferência.',
      );

      heading(layout, 'Marcos');
      table(
        layout,
        [
          { header: 'Marco', width: 1.3, value: (row) => row.kind_label },
          { header: 'Data', width: 0.8, value: (row) => (row.date ? formatDate(row.date) : '—') },
          { header: 'Local', width: 1.3, value: (row) => dash(row.place) },
          {
            header: 'Oficiante',
            width: 1.3,
            value: (row) => dash(row.officiant_name ?? row.officiant_member_name),
          },
          {
            header: 'Detalhes',
            width: 1.9,
            value: (row) =>
              [row.spouse_name, row.origin_church, row.notes].filter(Boolean).join(' – ') || '—',
          },
        ],
        data.milestones,
        'Nenhum marco.',
      );

      heading(layout, 'Certificados');
      table(
        layout,
        [
          { header: 'Nº', width: 0.8, value: (row) => row.number_text },
          { header: 'Certificado', width: 2.2, value: (row) => row.kind_label },
          { header: 'Emissão', width: 0.9, value: (row) => formatDate(row.issued_on) },
        ],
        data.certificates,
        'Nenhum certificado.',
      );

      heading(layout, 'Consentimentos (LGPD)');
      table(
        layout,
        [
          { header: 'Data e hora', width: 1.2, value: (row) => formatDateTime(row.at) },
          { header: 'Registro', width: 1.5, value: (row) => row.action_label },
          { header: 'Versão', width: 0.6, value: (row) => String(row.version) },
          { header: 'Canal', width: 1.1, value: (row) => row.channel_label },
          { header: 'Registrado por', width: 1.3, value: (row) => dash(row.recorded_by_name) },
          { header: 'Responsável', width: 1.3, value: (row) => dash(row.guardian_name) },
        ],
        data.consents,
        'Nenhum consentimento registrado.',
      );
      const versions = new Map(data.consents.map((consent) => [consent.version, consent]));
      for (const [version, consent] of [...versions].sort(([a], [b]) => a - b)) {
        paragraph(layout, `Texto da versão ${version}: ${consent.text}`, { size: SIZE });
        if (consent.guardian_name) {
          paragraph(
            layout,
            `Texto para o responsável (versão ${version}): ${consent.guardian_text}`,
            {
              size: SIZE,
            },
          );
        }
      }

      // The self-update links (issue 28) and the changes the member sent (» : Helvetica has no →).
      heading(layout, 'Atualizações de cadastro pelo membro');
      table(
        layout,
        [
          { header: 'Gerado em', width: 1.1, value: (row) => formatDateTime(row.created_at) },
          { header: 'Válido até', width: 1.1, value: (row) => formatDateTime(row.expires_at) },
          { header: 'Situação', width: 1.2, value: (row) => row.state_label },
          {
            header: 'Enviado em',
            width: 1.1,
            value: (row) => dash(formatDateTime(row.submitted_at)),
          },
          {
            header: 'Alterações enviadas',
            width: 2.5,
            value: (row) =>
              dash(
                Object.entries(row.changes ?? {})
                  .map(
                    ([field, [before, after]]) =>
                      `${fieldLabel(field) ?? field}: ${selfUpdateValueText(field, before)} » ${selfUpdateValueText(field, after)}`,
                  )
                  .join('; '),
              ),
          },
        ],
        data.self_updates,
        'Nenhum link de atualização.',
      );

      // A part the exporting user may not see is named, not shown empty (issue 22).
      const withheld = (section: string) =>
        data.withheld.find((part) => part.section === section)?.reason;

      heading(layout, 'Pedidos do titular (LGPD)');
      const requestsWithheld = withheld('privacy_requests');
      if (requestsWithheld) paragraph(layout, requestsWithheld, { muted: true });
      else
        table(
          layout,
          [
            { header: 'Recebido em', width: 1, value: (row) => formatDate(row.received_on) },
            { header: 'Tipo', width: 1.1, value: (row) => row.kind_label },
            { header: 'Situação', width: 1, value: (row) => row.status_label },
            { header: 'Prazo', width: 0.9, value: (row) => formatDate(row.due_on) },
            {
              header: 'Respondido em',
              width: 1,
              value: (row) => dash(formatDate(row.answered_on)),
            },
            { header: 'Resposta', width: 2.2, value: (row) => dash(row.answer) },
          ],
          data.privacy_requests,
          'Nenhum pedido registrado.',
        );

      heading(layout, 'Contribuições (financeiro)');
      const donorsWithheld = withheld('donors');
      if (donorsWithheld) paragraph(layout, donorsWithheld, { muted: true });
      else if (data.donors.length === 0) {
        paragraph(layout, 'Nenhum cadastro de contribuinte ligado a este membro.', { muted: true });
      }
      for (const donor of data.donors) {
        fieldRows(layout, [
          ['Contribuinte', donor.name],
          ['Tipo de pessoa', donor.person_type_label],
          ['CPF/CNPJ', formatDocument(donor.document)],
          ['E-mail', donor.email ?? ''],
          ['Telefone', formatPhone(donor.phone)],
          ['Endereço', address(donor)],
          ['Observações', donor.notes ?? ''],
        ]);
        const total = donor.incomes.reduce((sum, income) => sum + income.amount_cents, 0);
        table(
          layout,
          [
            { header: 'Data', width: 0.9, value: (row) => formatDate(row.date) },
            { header: 'Categoria', width: 1.2, value: (row) => row.category_name },
            { header: 'Descrição', width: 1.7, value: (row) => dash(row.description) },
            { header: 'Forma', width: 0.9, value: (row) => row.payment_method_label },
            { header: 'Congregação', width: 1.4, value: (row) => row.congregation_name },
            {
              header: 'Valor',
              width: 1,
              align: 'right',
              value: (row) => formatMoney(row.amount_cents),
            },
          ],
          donor.incomes,
          'Nenhuma receita lançada para este contribuinte.',
        );
        if (donor.incomes.length > 0) {
          paragraph(
            layout,
            `${donor.incomes.length} ${donor.incomes.length === 1 ? 'receita' : 'receitas'}, total de ${formatMoney(total)}.`,
            { size: SIZE },
          );
        }
      }

      messagesSection(layout, data.messages);

      heading(layout, 'Registro de auditoria sobre o titular');
      paragraph(
        layout,
        'Cada alteração do cadastro, cada documento emitido e cada vez que alguém abriu a ficha, ' +
          'do mais recente ao mais antigo, pelo prazo de guarda do registro.',
        { muted: true, size: SIZE },
      );
      trailTable(layout, data.audit_entries, (row) =>
        row.resource === 'members'
          ? row.action_label
          : `${row.action_label} · ${row.resource_label}`,
      );
    },
  );
}

/** A visitor's data (issue 26): the record, the consents with their texts, the visits, the trail. */
export function visitorReportPdf(data: VisitorData): Promise<Buffer> {
  const { visitor } = data;
  const anonymized = visitor.anonymized_at
    ? `Visitante anonimizado em ${formatDateTime(visitor.anonymized_at)}: os dados pessoais ` +
      'foram apagados; ficam só as visitas e os registros de consentimento.'
    : null;
  return lgpdReport(
    data,
    { title: 'Dados do visitante', name: visitor.name, anonymized },
    (layout) => {
      heading(layout, 'Dados do visitante');
      fieldRows(layout, [
        ['Nome', visitor.name],
        ['Telefone', formatPhone(visitor.phone)],
        ['Congregação', visitor.congregation_name],
        ['Convidado por', visitor.invited_by_name ?? ''],
        ['Primeira visita', visitor.first_visit ? 'Sim' : 'Não'],
        ['Aceita ser contatado', visitor.contact_consent ? 'Sim' : 'Não'],
        ['Registrado em', formatDateTime(visitor.created_at)],
        ['Observações', visitor.notes ?? ''],
      ]);

      heading(layout, 'Consentimentos (LGPD)');
      table(
        layout,
        [
          { header: 'Data e hora', width: 1.3, value: (row) => formatDateTime(row.at) },
          { header: 'Registro', width: 1.6, value: (row) => row.action_label },
          { header: 'Versão', width: 0.6, value: (row) => String(row.version) },
        ],
        visitor.consents,
        'Nenhum consentimento registrado.',
      );
      const versions = new Map(visitor.consents.map((consent) => [consent.version, consent]));
      for (const [version, consent] of [...versions].sort(([a], [b]) => a - b)) {
        paragraph(layout, `Texto da versão ${version}: ${consent.text}`, { size: SIZE });
      }

      heading(layout, 'Visitas');
      table(
        layout,
        [
          { header: 'Data', width: 1, value: (row) => formatDate(row.date) },
          { header: 'Culto ou evento', width: 3, value: (row) => row.name },
        ],
        visitor.visits,
        'Nenhuma visita registrada.',
      );

      heading(layout, 'Consolidação');
      table(
        layout,
        [
          { header: 'Etapa', width: 1.4, value: (row) => row.name },
          { header: 'Prazo', width: 0.8, value: (row) => formatDate(row.due_on) },
          { header: 'Situação', width: 0.8, value: (row) => row.status_label },
          { header: 'Responsável', width: 1.2, value: (row) => dash(row.owner_name) },
          { header: 'Observação', width: 2.2, value: (row) => dash(row.note) },
        ],
        visitor.followups,
        'Nenhuma etapa de consolidação.',
      );

      messagesSection(layout, data.messages);

      heading(layout, 'Registro de auditoria sobre o visitante');
      trailTable(layout, data.audit_entries);
    },
  );
}
