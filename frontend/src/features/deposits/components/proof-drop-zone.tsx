import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { accountMessages, PROOF_MAX_BYTES } from '@ledgerstone/contracts';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';

import { useToasts } from '../../../lib/toasts.js';

const ACCEPTED_PROOF_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

const REJECTION_MESSAGES: Record<string, string> = {
  [ErrorCode.FileInvalidType]: accountMessages.proofType,
  [ErrorCode.FileTooLarge]: accountMessages.proofTooLarge,
  [ErrorCode.FileTooSmall]: 'The proof of payment file is empty.',
  [ErrorCode.TooManyFiles]: accountMessages.oneProofOnly,
};

function rejectionMessage(rejections: readonly FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  return (code && REJECTION_MESSAGES[code]) ?? accountMessages.proofType;
}

/** Click or drop one proof of payment: PNG, JPEG, WebP or PDF, up to 10 MB. */
export function ProofDropZone({
  file,
  error,
  disabled,
  onChange,
}: {
  file: File | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | undefined, error?: string) => void;
}) {
  const toasts = useToasts();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPTED_PROOF_TYPES,
    maxSize: PROOF_MAX_BYTES,
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    disabled,
    // A drop with any refused file is refused whole: with two files, which one was meant is a guess.
    onDrop: (accepted, rejections) => {
      const [file] = accepted;
      if (rejections.length > 0 || !file) {
        const message = rejectionMessage(rejections);
        onChange(undefined, message);
        toasts.error(message);
        return;
      }
      onChange(file);
      toasts.success(`File ${file.name} selected successfully!`);
    },
  });

  return (
    <Box>
      {/* Beside the zone, not in it: a button holds no focusable content. */}
      <input {...getInputProps({ 'aria-label': 'Proof of payment' })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-describedby': 'proof-hint proof-error' })}
        sx={{
          p: 3,
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : isDragActive ? 'primary.light' : 'divider',
          borderRadius: 1,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: isDragActive ? 'rgba(212, 175, 90, 0.08)' : undefined,
        }}
      >
        <UploadFileIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>
          {file ? file.name : 'Drag and drop your proof of payment here, or click to choose a file'}
        </Typography>
        <Typography id="proof-hint" variant="body2" sx={{ color: 'text.secondary' }}>
          PNG, JPEG, WebP or PDF, up to 10 MB
        </Typography>
      </Box>
      <Typography
        id="proof-error"
        role={error ? 'alert' : undefined}
        variant="body2"
        sx={{ color: 'error.light', mt: 1 }}
      >
        {error}
      </Typography>
    </Box>
  );
}
