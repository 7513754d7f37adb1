import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; resetKey: string };
type State = { failed: boolean; resetKey: string };

/** Catches a page that fails to render and shows the error screen instead, until `resetKey` (the path) changes. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}

/** Last resort when a route fails to render: say so plainly and offer a reload. */
function RouteErrorScreen() {
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', gap: 2, textAlign: 'center', p: 3 }}
    >
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        This page could not be shown. Please reload, or try again in a moment.
      </Typography>
      <Box>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
