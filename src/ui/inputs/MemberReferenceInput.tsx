import { AutocompleteInput, type AutocompleteInputProps, ReferenceInput } from 'react-admin';

const searchMembers = (text: string) => ({ q: text });

export type MemberReferenceInputProps = Omit<AutocompleteInputProps, 'source'> & { source: string };

/**
 * A member picked by typing part of the name (the members' list searched by `q`, 20 at a time,
 * by name): the inviter of a visitor, a department's leader, a donor's member, a request's holder.
 */
export function MemberReferenceInput({ source, ...props }: MemberReferenceInputProps) {
  return (
    <ReferenceInput
      source={source}
      reference="membros"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
    >
      <AutocompleteInput optionText="name" filterToQuery={searchMembers} {...props} />
    </ReferenceInput>
  );
}
