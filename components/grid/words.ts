/** Counts as the bulk page writes them: "2,000", "1 product", "3 changes". */

export const counted = (n: number) => n.toLocaleString("en");

export const plural = (n: number, one: string, many = `${one}s`) => `${counted(n)} ${n === 1 ? one : many}`;
