// The audit trail in Portuguese beyond finance: members' fields, lists of departments, a photo
// replaced, custom fields by their labels, and what an export or a refused sign-in was about.
import { describe, expect, it } from 'vitest';
import { describeChanges, describeDetails } from '../../domain/auditWords';
import { fieldLabel } from '../../domain/auditFieldLabels';
import { groupViews } from '../../domain/audit';
import { RESOURCES } from '../../domain/resources';

describe('audit entries in words', () => {
  it("names a member's changes: position, congregation, departments, status, custom fields", () => {
    expect(
      describeChanges({
        action: 'update',
        resource: 'members',
        changes: {
          positionId: [null, 4],
          congregationId: [1, 2],
          departmentIds: [[3], [3, 5]],
          status: ['active', 'inactive'],
          maritalStatus: ['single', 'married'],
          'customFields.tamanhoDaCamiseta': [null, 'M'],
          cpf: [null, '52998224725'],
        },
        names: {
          positionId: { '4': 'Diácono' },
          congregationId: { '1': 'Sede', '2': 'Congregação Norte' },
          departmentIds: { '3': 'Jovens', '5': 'Louvor' },
        },
        fieldLabels: { 'customFields.tamanhoDaCamiseta': 'Tamanho da camiseta' },
      }),
    ).toEqual([
      'Cargo: — → Diácono',
      'Congregação: Sede → Congregação Norte',
      'Departamentos: Jovens → Jovens, Louvor',
      'Situação: Ativo → Inativo',
      'Estado civil: Solteiro(a) → Casado(a)',
      'Tamanho da camiseta: — → M',
      'CPF: — → 529.982.247-25',
    ]);
  });

  it('says a photo came, changed or went, without showing it', () => {
    const photo = (before: unknown, after: unknown) =>
      describeChanges({ action: 'update', changes: { photo: [before, after] } });
    expect(photo(null, 'image:abc')).toEqual(['Foto: incluída']);
    expect(photo('image:abc', 'image:def')).toEqual(['Foto: substituída']);
    expect(photo('image:abc', null)).toEqual(['Foto: removida']);
  });

  it("shows users' roles and a password reset as a fact", () => {
    expect(
      describeChanges({
        action: 'update',
        resource: 'users',
        changes: {
          roles: [['secretary'], ['secretary', 'financial']],
          passwordReset: [null, true],
        },
      }),
    ).toEqual(['Papéis: Secretaria → Secretaria, Financeiro', 'Senha redefinida: — → Sim']);
  });

  it('describes an export and a refused sign-in', () => {
    expect(
      describeDetails(
        { file: 'membros.csv', filter: { status: 'active', q: '' }, rows: 120 },
        'members',
      ),
    ).toEqual(['Arquivo: membros.csv', 'Filtro: Situação = Ativo', 'Linhas: 120']);
    expect(describeDetails({ email: 'ana@igreja.org', reason: 'wrong_password' })).toEqual([
      'E-mail digitado: ana@igreja.org',
      'Motivo: Senha incorreta',
    ]);
  });

  it('describes how a sign-in met the second factor, and why one was refused (issue 22)', () => {
    expect(describeDetails({ secondFactor: 'recovery_code' })).toEqual([
      'Segundo fator: Código de recuperação',
    ]);
    expect(describeDetails({ email: 'ana@igreja.org', reason: 'code_reused' })).toEqual([
      'E-mail digitado: ana@igreja.org',
      'Motivo: Código de verificação já usado',
    ]);
    expect(describeDetails({ wasEnabled: true })).toEqual(['Estava ativada: Sim']);
  });

  it("names a resource's own fields by the labels its registry entry carries (issue 23)", () => {
    const own = RESOURCES.flatMap((entry) =>
      Object.entries(entry.audit?.fields ?? {}).map(([field, label]) => [entry.api, field, label]),
    );
    expect(own.map(([api, field]) => `${api}.${field}`)).toContain('custom_fields.label');
    for (const [resource, field, label] of own) {
      expect(
        describeChanges({ action: 'update', resource, changes: { [field]: ['a', 'b'] } }),
      ).toEqual([`${label}: a → b`]);
    }
    // The label is the resource's: another resource's field of that name is not called so.
    expect(
      describeChanges({ action: 'update', resource: 'positions', changes: { label: ['a', 'b'] } }),
    ).toEqual(['label: a → b']);
    // A filter in an export's details names its fields by the resource's labels too.
    expect(describeDetails({ filter: { fieldType: 'text' } }, 'custom_fields')).toEqual([
      'Filtro: Tipo de campo = Texto',
    ]);
  });

  it("names every field of each audited resource's example record (a new one names its own)", () => {
    const unnamed = RESOURCES.flatMap((entry) =>
      entry.audit && entry.example
        ? Object.keys(entry.example)
            .filter((field) => !fieldLabel(field, entry.api))
            .map((field) => `${entry.api}.${field}`)
        : [],
    );
    expect(RESOURCES.filter((entry) => entry.audit && entry.example).length).toBeGreaterThan(3);
    expect(unnamed).toEqual([]);
  });

  it("describes a bank statement's import and a line's reconciliation", () => {
    expect(
      describeChanges({
        action: 'import',
        resource: 'bank_statements',
        changes: {
          bankAccountId: [null, 3],
          fileName: [null, 'extrato-marco.ofx'],
          lineCount: [null, 42],
          newCount: [null, 40],
        },
        names: { bankAccountId: { '3': 'Conta movimento' } },
      }),
    ).toEqual([
      'Conta: — → Conta movimento',
      'Arquivo: — → extrato-marco.ofx',
      'Linhas do extrato: — → 42',
      'Linhas novas: — → 40',
    ]);
    expect(
      describeChanges({
        action: 'reconcile',
        resource: 'statement_lines',
        changes: {
          status: ['pending', 'reconciled'],
          reconciledHow: [null, 'payable'],
          payableId: [null, 9],
        },
        names: { payableId: { '9': 'Conta de luz' } },
      }),
    ).toEqual([
      'Situação: Pendente → Conciliada',
      'Forma de conciliação: — → Pagando uma conta a pagar',
      'Conta a pagar: — → Conta de luz',
    ]);
  });
});

describe('a member’s Histórico groups views', () => {
  const entry = (id: number, action: string, userId: number | null, createdAt: string) => ({
    id,
    action,
    userId,
    createdAt,
  });
  it('one item per user and day, at the latest view; changes stay as they are', () => {
    const items = groupViews(
      [
        entry(7, 'view', 1, '2026-11-27T14:03:00Z'),
        entry(6, 'view', 1, '2026-11-27T14:02:00Z'),
        entry(5, 'update', 1, '2026-11-27T14:01:30Z'),
        entry(4, 'view', 2, '2026-11-27T14:01:00Z'),
        entry(3, 'view', 1, '2026-11-27T14:00:00Z'),
        entry(2, 'view', 1, '2026-11-26T10:00:00Z'),
        entry(1, 'create', 1, '2026-11-26T09:00:00Z'),
      ],
      (at) => at.slice(0, 10),
    );
    expect(items.map(({ entry: e, views }) => [e.id, views])).toEqual([
      [7, 3],
      [5, 1],
      [4, 1],
      [2, 1],
      [1, 1],
    ]);
  });
});
