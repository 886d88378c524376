import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
// jsdom has no canvas; signature_pad needs a 2D context and a devicePixelRatio.
HTMLCanvasElement.prototype.getContext = function getContext() {
  return { scale() {}, fillRect() {}, clearRect() {}, beginPath() {}, moveTo() {}, lineTo() {}, arc() {}, fill() {}, stroke() {}, closePath() {}, drawImage() {}, fillText() {}, measureText: (text: string) => ({ width: text.length * 10 }), fillStyle: '', font: '', textAlign: '', textBaseline: '' } as unknown as CanvasRenderingContext2D;
} as never;
HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,iVBORw0KGgo=';
HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
  callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
};
