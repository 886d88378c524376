import { describe, expect, it, vi } from 'vitest';
import { createBridgeDouble, createLoginTrigger, installBridgeDouble, type AppBridge } from '../src/index.ts';

describe('the KhBridge test double', () => {
  it('records every call in order and answers the version it was given', () => {
    const onCall = vi.fn();
    const bridge = createBridgeDouble({ appVersion: '4.9.1', onCall });
    expect(bridge.appVersion()).toBe('4.9.1');
    bridge.setFullScreen?.(true);
    bridge.close();
    expect(bridge.calls).toEqual([{ method: 'appVersion' }, { method: 'setFullScreen', on: true }, { method: 'close' }]);
    expect(onCall).toHaveBeenCalledTimes(3);
  });

  it('plays an app without full-screen support when asked', () => {
    expect(createBridgeDouble({ fullScreen: false }).setFullScreen).toBeUndefined();
  });

  it('installs as window.KhBridge and is taken away again', () => {
    const target: { KhBridge?: AppBridge } = {};
    const { bridge, uninstall } = installBridgeDouble(target);
    expect(target.KhBridge).toBe(bridge);
    uninstall();
    expect('KhBridge' in target).toBe(false);
  });

  it('receives the login the page asks the app for, instead of the web login page', () => {
    const bridge = createBridgeDouble();
    const navigate = vi.fn();
    const trigger = createLoginTrigger({ inApp: true, bridge, navigate, currentUrl: () => '/info/base', language: () => 'en' });
    trigger();
    expect(bridge.calls).toEqual([{ method: 'login' }]);
    expect(navigate).not.toHaveBeenCalled();
  });
});
