import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { abortOnlyUnfinished } from './abort-only-unfinished';

function responseAfterMiddleware(): Response & { writableFinished: boolean } {
  const res = Object.assign(new EventEmitter(), { writableFinished: false });
  abortOnlyUnfinished()({} as Request, res as unknown as Response, () => undefined);
  return res as unknown as Response & { writableFinished: boolean };
}

describe('abortOnlyUnfinished', () => {
  it('still tells a close listener about a connection closed before the answer was finished', () => {
    const res = responseAfterMiddleware();
    const onClose = vi.fn();
    res.once('close', onClose);
    res.emit('close');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('skips the close listener once the answer was sent whole', () => {
    const res = responseAfterMiddleware();
    const onClose = vi.fn();
    res.once('close', onClose);
    res.writableFinished = true;
    res.emit('close');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('leaves other events alone', () => {
    const res = responseAfterMiddleware();
    const onFinish = vi.fn();
    res.once('finish', onFinish);
    res.writableFinished = true;
    res.emit('finish');
    expect(onFinish).toHaveBeenCalledOnce();
  });
});
