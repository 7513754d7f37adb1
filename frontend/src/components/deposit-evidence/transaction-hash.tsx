import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { CopyButton } from '../ui/copy-button.js';
import { HashText } from '../ui/hash-text.js';

/** Characters of a hash the table shows; the whole value is on hover and a copy away. */
const SHOWN = 10;

/** Characters that show nothing or reorder the text around them: bidi controls, zero-width marks, separators. */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/gu;

/** The text with each invisible character named by its code point, so the admin reads what the member sent. */
export function visibleText(text: string): string {
  return text.replace(
    INVISIBLE,
    (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

type TransactionHashProps = {
  /** What the member typed: unchecked text, rendered only as text. */
  hash: string | null;
  /** The table shortens it; the deposit's dialog shows all of it, wrapped anywhere. */
  shortened?: boolean;
};

/** The transfer id a member gave with a deposit, for the admin to look the payment up before confirming. */
export function TransactionHash({ hash, shortened = false }: TransactionHashProps) {
  if (!hash) {
    return (
      <Typography variant={shortened ? 'caption' : 'body2'} color="text.secondary">
        No hash given
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {/* Isolated, so right-to-left letters in the member's text cannot reorder what stands around it. */}
      <HashText
        value={visibleText(hash)}
        shown={shortened ? SHOWN : undefined}
        sx={{ unicodeBidi: 'isolate', minWidth: 0 }}
      />
      <CopyButton
        text={hash}
        iconOnly={shortened}
        size="small"
        variant="text"
        aria-label="Copy transaction hash"
        copiedMessage="Transaction hash copied"
        failedMessage="Failed to copy the transaction hash"
        sx={{ flexShrink: 0 }}
      />
    </Stack>
  );
}
