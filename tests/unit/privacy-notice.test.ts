// The privacy notice written from the church's settings (domain/privacy.ts, issue 13).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION,
  DEFAULT_SHARING,
  HOLDER_RIGHTS,
  type PrivacySettings,
  privacyNotice,
} from '../../domain/privacy';

const CHURCH: PrivacySettings = {
  name: 'Igreja Batista Esperança',
  cnpj: '11222333000181',
  email: 'secretaria@esperanca.org.br',
  phone: '8133334444',
  street: 'Rua da Paz',
  number: '100',
  complement: 'Fundos',
  district: 'Boa Vista',
  city: 'Recife',
  state: 'PE',
  zipCode: '50050000',
  dpoName: 'Débora Lima',
  dpoEmail: 'lgpd@esperanca.org.br',
  privacyRetention: null,
  privacySharing: null,
};

const text = (settings: PrivacySettings) =>
  privacyNotice(settings)
    .flatMap((section) => [section.title, ...section.paragraphs, ...(section.items ?? [])])
    .join('\n');

describe('privacyNotice', () => {
  it('names the church as controller, with CNPJ and address, and its encarregado', () => {
    const sections = privacyNotice(CHURCH);
    expect(sections.map((section) => section.id)).toEqual([
      'controlador',
      'encarregado',
      'dados',
      'finalidades',
      'bases-legais',
      'compartilhamento',
      'guarda',
      'direitos',
      'como-pedir',
    ]);
    expect(sections[0].paragraphs[0]).toBe(
      'Igreja Batista Esperança, inscrita no CNPJ 11.222.333/0001-81, com sede em Rua da Paz, 100, ' +
        'Fundos – Boa Vista – Recife/PE – CEP 50.050-000, é a controladora dos dados pessoais ' +
        'tratados no cadastro da igreja: é ela quem decide como eles são usados e responde por eles.',
    );
    expect(sections[0].paragraphs[1]).toBe(
      'Contato da igreja: secretaria@esperanca.org.br · (81) 3333-4444.',
    );
    expect(sections[1].paragraphs[0]).toContain('é Débora Lima, pelo e-mail lgpd@esperanca.org.br');
    expect(sections[8].paragraphs[0]).toMatch(/^Envie o seu pedido para lgpd@esperanca\.org\.br,/);
  });

  it('says the purposes, the legal bases, the rights of art. 18 and the standard wording', () => {
    const notice = text(CHURCH);
    for (const words of [
      'manter o cadastro de membros',
      'cuidado pastoral',
      'credenciais de membro e cartas',
      'registrar dízimos e ofertas',
      'art. 11, I',
      'art. 11, II, “a”',
      'art. 5º, II',
      '15 dias',
      'ANPD',
      DEFAULT_SHARING,
      DEFAULT_RETENTION,
    ]) {
      expect(notice).toContain(words);
    }
    expect(privacyNotice(CHURCH)[7].items).toEqual(HOLDER_RIGHTS);
    expect(HOLDER_RIGHTS).toHaveLength(9);
  });

  it("uses the church's own wording, and the church's e-mail without an encarregado", () => {
    const sections = privacyNotice({
      ...CHURCH,
      cnpj: null,
      street: null,
      number: null,
      complement: null,
      district: null,
      city: null,
      state: null,
      zipCode: null,
      dpoName: null,
      dpoEmail: null,
      privacyRetention: 'Cinco anos depois do desligamento.',
      privacySharing: 'Com a convenção estadual, para o registro de obreiros.',
    });
    expect(sections[0].paragraphs[0]).toMatch(/^Igreja Batista Esperança é a controladora/);
    expect(sections[1].paragraphs[0]).toContain('ainda não indicou o encarregado');
    expect(sections[1].paragraphs[0]).toContain('secretaria@esperanca.org.br');
    expect(sections[5].paragraphs).toEqual([
      'Com a convenção estadual, para o registro de obreiros.',
    ]);
    expect(sections[6].paragraphs).toEqual(['Cinco anos depois do desligamento.']);
    expect(sections[8].paragraphs[0]).toMatch(/^Envie o seu pedido para secretaria@esperanca/);
  });
});
