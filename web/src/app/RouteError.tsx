import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contract/paths.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import './RouteError.css';

/** The router's default error page (the spec's screens): unknown addresses and screens that fail. */
export function RouteError({ detail }: { detail?: string }) {
  usePageTitle('Unexpected Application Error!');
  return (
    <section className="route-error container">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="route-error-detail">{detail}</p>}
      <Link to={paths.home()} className="button button-primary">
        Continue shopping
      </Link>
    </section>
  );
}

interface BoundaryProps {
  /** the current address: moving elsewhere clears the error */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  resetKey: string;
}

/** Shows the error page in place of a screen that throws while rendering (or whose code fails to load). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError detail={this.state.error.message} /> : this.props.children;
  }
}
