import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';

import { useToasts } from '../../lib/toasts.js';

const COPIED_FOR_MS = 3000;

type CopyButtonProps = {
  text: string;
  /** The toasts after a copy, and after the browser refused one. */
  copiedMessage?: string;
  failedMessage?: string;
  /** What the button says for 3 s after a copy ("Copied!"), for a screen that confirms on the button itself. */
  copiedLabel?: string;
  /** Told whether the copy worked: for a screen that explains a refusal next to the button. */
  onResult?: (copied: boolean) => void;
  /** The icon alone, for a table cell; `aria-label` then names the button. */
  iconOnly?: boolean;
} & Pick<ButtonProps, 'aria-label' | 'size' | 'variant' | 'sx' | 'disabled'>;

/** "Copy": puts `text` on the clipboard and says whether it worked, in a toast or on the button. */
export function CopyButton({
  text,
  copiedMessage,
  failedMessage,
  copiedLabel,
  onResult,
  iconOnly = false,
  variant = 'outlined',
  ...button
}: CopyButtonProps) {
  const toasts = useToasts();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      if (copiedMessage) toasts.success(copiedMessage);
      onResult?.(true);
      setCopied(true);
    } catch {
      if (failedMessage) toasts.error(failedMessage);
      onResult?.(false);
    }
  };

  if (iconOnly) {
    return (
      <IconButton {...button} title={button['aria-label']} onClick={() => void copy()}>
        <ContentCopyIcon aria-hidden fontSize="inherit" />
      </IconButton>
    );
  }
  return (
    <Button
      {...button}
      variant={variant}
      startIcon={<ContentCopyIcon aria-hidden />}
      onClick={() => void copy()}
    >
      {copied && copiedLabel ? copiedLabel : 'Copy'}
    </Button>
  );
}
