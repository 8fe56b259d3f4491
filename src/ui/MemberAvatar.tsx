import { Avatar, type SxProps, type Theme } from '@mui/material';

/** Initials of a name: "Maria da Silva" -> "MS". */
function initials(name: string | undefined): string {
  const words = (name ?? '')
    .split(/\s+/)
    .filter((word) => word.length > 2 || /^[A-ZÀ-Ý]/.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}

/** The member's photo (thumbnail in lists), or the initials of the name. */
export function MemberAvatar(props: {
  name?: string;
  src?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  const { name, src, size = 36, sx } = props;
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={[{ width: size, height: size, fontSize: size * 0.4 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {initials(name)}
    </Avatar>
  );
}
