"use client";

import { createContext, type ReactNode, useContext } from "react";

/*
 * The unit the store's weights are in (STORE_WEIGHT_UNIT: kg, g, lb or oz), or
 * null when nobody said: the contract's weights are plain numbers, so only the
 * person running the dashboard can name it (README, "Dashboard"). The
 * dashboard's layout reads it on the server and hands it here.
 */
const WeightUnit = createContext<string | null>(null);

export function WeightUnitProvider({ unit, children }: { unit: string | null; children: ReactNode }) {
  return <WeightUnit value={unit}>{children}</WeightUnit>;
}

export function useWeightUnit(): string | null {
  return useContext(WeightUnit);
}
