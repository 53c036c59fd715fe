import { useState } from 'react';

/**
 * A list filter's state: its value, and the value with its setter for the control that changes
 * it (`<FilterSelect {...control} />`, `<SearchInput {...control} />`).
 */
export function useFilter<V extends string = string>(initial: NoInfer<V>) {
  const [value, setValue] = useState<V>(initial);
  return [value, { value, onChange: setValue }] as const;
}
