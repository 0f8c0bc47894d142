import { useState } from 'react';

/** A bare interactive island: one state hook, one button. */
export default function Floor() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Clicked {count}
    </button>
  );
}
