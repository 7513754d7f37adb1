import type { ApprovalRow } from '@ledgerstone/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

import { formatApprovalValue } from '../../../lib/approval-format.js';

/** Each figure or setting the proposal changes: as the proposer saw it, and as it will be. */
export function ApprovalChanges({ changes }: { changes: ApprovalRow['changes'] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="What changes">
      <Table size="small" aria-label="What changes">
        <TableHead>
          <TableRow>
            <TableCell>Label</TableCell>
            <TableCell align="right">Before</TableCell>
            <TableCell align="right">After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.label}>
              <TableCell component="th" scope="row">
                {change.label}
              </TableCell>
              <TableCell align="right">{formatApprovalValue(change.before)}</TableCell>
              <TableCell align="right">{formatApprovalValue(change.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
