// Certificates of attendance of an EBD class (issue 26): one landscape page per student who
// reached the minimum attendance, with the church's letterhead (name, logo), the class, the
// trimestre, the lesson magazine, the attendance and the teachers' and pastor's signature lines.
import { longDate } from '../../domain/calendar.js';
import { COLORS, FONT, type Pdf, printable, renderPdf } from './document.js';
import type { Church } from '../db/schema.js';
import { drawLetterhead, drawSignatureLine } from './letterhead.js';

export interface EbdCertificates {
  church: Church;
  class_name: string;
  congregation_name: string;
  quarter_label: string;
  magazine: string | null;
  teacher_names: string[];
  issued_on: string;
  /** Each student's presences out of the chamadas held while enrolled. */
  students: Array<{ name: string; present: number; sessions: number; percent: number }>;
}

function drawCertificate(
  doc: Pdf,
  data: EbdCertificates,
  student: EbdCertificates['students'][number],
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // A double frame around the page, as printed certificates have.
  doc
    .lineWidth(2)
    .strokeColor(COLORS.primary)
    .rect(20, 20, doc.page.width - 40, doc.page.height - 40)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(26, 26, doc.page.width - 52, doc.page.height - 52)
    .stroke();
  const y = drawLetterhead(doc, data.church, true);
  doc
    .font(FONT.bold)
    .fontSize(24)
    .fillColor(COLORS.primary)
    .text('CERTIFICADO DE FREQUÊNCIA', left, y + 30, {
      width,
      align: 'center',
      characterSpacing: 1.5,
    });
  doc
    .font(FONT.regular)
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('Escola Bíblica Dominical', left, doc.y + 4, { width, align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(13)
    .fillColor(COLORS.text)
    .text('Certificamos que', left, doc.y + 40, { width, align: 'center' });
  doc
    .font(FONT.bold)
    .fontSize(22)
    .text(printable(student.name), left, doc.y + 8, { width, align: 'center' });
  const magazine = data.magazine ? `, estudando a revista “${data.magazine}”` : '';
  doc
    .font(FONT.regular)
    .fontSize(13)
    .text(
      printable(
        `frequentou a turma ${data.class_name} da Escola Bíblica Dominical (${data.congregation_name}) no ${data.quarter_label}${magazine}, com presença em ${student.present} de ${student.sessions} ${student.sessions === 1 ? 'aula' : 'aulas'}: frequência de ${student.percent}%.`,
      ),
      left + 40,
      doc.y + 16,
      { width: width - 80, align: 'center', lineGap: 4 },
    );
  const place = data.church.city
    ? `${data.church.city}${data.church.state ? `/${data.church.state}` : ''}, `
    : '';
  doc.fontSize(11).text(printable(`${place}${longDate(data.issued_on)}.`), left, doc.y + 30, {
    width,
    align: 'center',
  });
  const lineY = doc.page.height - doc.page.margins.bottom - 40;
  const lineWidth = 220;
  const teachers = data.teacher_names.join(', ');
  drawSignatureLine(
    doc,
    left + 30,
    lineY,
    lineWidth,
    teachers,
    data.teacher_names.length > 1 ? 'Professores' : 'Professor(a)',
  );
  drawSignatureLine(
    doc,
    left + width - 30 - lineWidth,
    lineY,
    lineWidth,
    data.church.pastor_name ?? '',
    'Pastor(a) presidente',
  );
}

export function ebdCertificatesPdf(data: EbdCertificates): Promise<Buffer> {
  return renderPdf(
    {
      title: `Certificados de frequência – ${data.class_name} – ${data.quarter_label}`,
      author: data.church.name,
      margin: 48,
      layout: 'landscape',
    },
    (doc) => {
      data.students.forEach((student, index) => {
        if (index > 0) doc.addPage();
        drawCertificate(doc, data, student);
      });
      if (data.students.length === 0) {
        doc.font(FONT.regular).fontSize(12).text('Nenhum aluno atingiu a frequência mínima.');
      }
    },
  );
}
