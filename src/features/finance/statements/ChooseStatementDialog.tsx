// An OFX file that brings several accounts (some banks export them together): the treasurer
// chooses which statement goes into this account; the one with the account's number comes chosen.
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { RadioChoiceDialog } from './RadioChoiceDialog';
import type { StatementChoice } from './types';

export function ChooseStatementDialog({
  choices,
  busy,
  onClose,
  onChoose,
}: {
  choices: StatementChoice[];
  busy: boolean;
  onClose: () => void;
  onChoose: (index: number) => void;
}) {
  const translate = useTranslate();
  const matching = choices.filter((choice) => choice.matches);
  const key = (name: string) => `adam.finance.statements.${name}`;
  const describe = (choice: StatementChoice) => {
    const account = choice.accountId ?? translate(key('several_unknown'));
    const parts = [
      translate(key(choice.kind === 'credit_card' ? 'several_card' : 'several_bank'), { account }),
    ];
    if (choice.branchId) parts.push(translate(key('several_branch'), { branch: choice.branchId }));
    if (choice.startDate && choice.endDate) {
      parts.push(
        translate(key('several_period'), {
          start: formatDate(choice.startDate),
          end: formatDate(choice.endDate),
        }),
      );
    }
    parts.push(
      choice.lineCount === 0
        ? translate(key('several_lines_none'))
        : translate(key('several_lines'), { smart_count: choice.lineCount }),
    );
    if (choice.matches) parts.push(translate(key('several_same')));
    return parts.join(' · ');
  };
  return (
    <RadioChoiceDialog
      id="escolher-extrato"
      title={translate(key('several_title'))}
      help={translate(key('several_help'), { count: choices.length })}
      options={choices.map((choice) => ({ value: String(choice.index), label: describe(choice) }))}
      initial={matching.length === 1 ? String(matching[0].index) : ''}
      confirmLabel={translate(key('several_import'))}
      busy={busy}
      onClose={onClose}
      onChoose={(value) => onChoose(Number(value))}
    />
  );
}
