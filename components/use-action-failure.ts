"use client";

import { useCallback } from "react";
import { type ActionFailure, needsSignIn } from "@/lib/actions/result";
import { signInPath } from "@/lib/callback-path";

/**
 * A failed server action: when the store no longer accepts the session, go
 * sign in and come back to this very page; otherwise hand the failure back.
 */
export function useActionFailure() {
  return useCallback((failure: ActionFailure): boolean => {
    if (!needsSignIn(failure)) return false;
    const here = window.location.pathname + window.location.search;
    window.location.assign(signInPath(here, "SessionExpired"));
    return true;
  }, []);
}

/** Thrown inside React Query mutations so that onError sees the whole failure. */
export class ActionFailedError extends Error {
  constructor(readonly failure: ActionFailure) {
    super(failure.error);
    this.name = "ActionFailedError";
  }
}
