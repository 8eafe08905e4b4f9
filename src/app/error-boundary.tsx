import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "@/lib/error-reporting";
import { ErrorFallback } from "./error-fallback";

type Props = {
  children: ReactNode;
  /** When this value changes (e.g. the pathname), a caught error is cleared and children render again. */
  resetKey?: unknown;
};
type State = { failed: boolean };

/**
 * Shows the Italian error page instead of a blank screen. Used twice: around the whole app
 * (providers included) and around the page outlet, so a broken page keeps header and navigation.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Reported, not swallowed: on the console for whoever is debugging, to the error endpoint for us.
    console.error("Unhandled error in the interface", error, info.componentStack);
    reportError(error, "boundary");
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
