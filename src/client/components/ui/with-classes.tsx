import type { ComponentProps, ElementType } from 'react';
import { cn } from '../../lib/cn';

/**
 * A Radix part or an HTML tag with the house classes, which the caller's className extends;
 * every other prop (ref included) passes through.
 */
export function withClasses<C extends ElementType>(Component: C, classes: string) {
  function WithClasses({ className, ...props }: ComponentProps<C> & { className?: string }) {
    const Tag: ElementType = Component;
    return <Tag className={cn(classes, className)} {...props} />;
  }
  return WithClasses;
}
