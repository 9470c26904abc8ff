import { useSearchParams as useWouterSearchParams } from 'wouter';

/**
 * The query string as URLSearchParams, and a setter that navigates to the same path with another query
 * (`{ replace: true }` to replace the entry).
 * @returns - [params, setParams]
 */
export const useSearchParams = useWouterSearchParams;
