import { useContext } from 'react';
import { OutletContext } from './contexts.ts';

/** Where a layout draws the page its route matched. */
export function Outlet() {
  return useContext(OutletContext);
}
