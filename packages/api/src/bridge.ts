// The native bridge contract (window.KhBridge): what the broker's app injects into the webview, and
// a test double that plays the app's side. The page for the app team is docs/kh-bridge.md.

/**
 * What the broker's app offers the webview (SPEC §2, §4). The app injects it as `window.KhBridge`
 * before the page's scripts run; its presence is how the page knows it is in the app.
 */
export interface AppBridge {
  /** Opens the app's own login. The app reloads the webview once the applicant is logged in. */
  login(): void;
  /** Closes the webview (after a submit in the app, and on the exit confirmation). */
  close(): void;
  /** The app's version, dotted numbers ("5.2.0"): identity checks need 5.0.0 or later. */
  appVersion(): string;
  /** Full screen on or off (`_app_fullScreen=y` in the page's address asks for it). Optional: older apps lack it. */
  setFullScreen?(on: boolean): void;
}

export type BridgeCall = { method: 'login' | 'close' | 'appVersion' } | { method: 'setFullScreen'; on: boolean };

export interface BridgeDouble extends AppBridge {
  /** Every call the page made, in order. */
  readonly calls: BridgeCall[];
}

export interface BridgeDoubleOptions {
  appVersion?: string;
  /** An app older than full-screen support has no setFullScreen. */
  fullScreen?: boolean;
  /** Told of each call as it happens (the loadable double logs them to the console). */
  onCall?(call: BridgeCall): void;
}

/** A stand-in for the app's side of the bridge: it records what the page asks for and answers appVersion. */
export function createBridgeDouble({ appVersion = '5.2.0', fullScreen = true, onCall }: BridgeDoubleOptions = {}): BridgeDouble {
  const calls: BridgeCall[] = [];
  const record = (call: BridgeCall) => {
    calls.push(call);
    onCall?.(call);
  };
  return {
    calls,
    login: () => record({ method: 'login' }),
    close: () => record({ method: 'close' }),
    appVersion: () => (record({ method: 'appVersion' }), appVersion),
    ...(fullScreen ? { setFullScreen: (on: boolean) => record({ method: 'setFullScreen', on }) } : {}),
  };
}

/** Puts the double where the app would (`window.KhBridge`); the returned function takes it away. */
export function installBridgeDouble(target: { KhBridge?: AppBridge }, options?: BridgeDoubleOptions): { bridge: BridgeDouble; uninstall(): void } {
  const bridge = createBridgeDouble(options);
  target.KhBridge = bridge;
  return { bridge, uninstall: () => void delete target.KhBridge };
}
