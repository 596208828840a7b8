"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { unwrap } from "@/lib/actions/result";
import { deleteUserAction, setUserActiveAction } from "@/lib/actions/users";
import { FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { permissionLabel, type User } from "@/lib/store/users/model";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";

type Message = { tone: "success" | "error"; text: string };

const listKey = queryKeys.users.list();

export function UsersManager({ currentUserId, notice }: { currentUserId: string | null; notice: string | null }) {
  const [message, setMessage] = useState<Message | null>(notice ? { tone: "success", text: notice } : null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);

  // First render from the page (HydrationBoundary); refreshes through GET /api/users.
  const users = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<User[]>("/api/users", { signal }),
  });
  const list = useOptimisticList<User>(listKey, queryKeys.users.all);

  function failed(error: Error, what: string) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    setMessage({ tone: "error", text: `Could not ${what}. ${error.message} Nothing was changed.` });
  }

  const setActive = useMutation({
    mutationFn: async ({ user, active }: { user: User; active: boolean }) =>
      unwrap(await setUserActiveAction({ id: user.id, active })),
    onMutate: ({ user, active }) => {
      setMessage(null);
      return list.apply((items) => items.map((u) => (u.id === user.id ? { ...u, active } : u)));
    },
    onError: (error, { user, active }, context) => {
      list.rollback(context);
      failed(error, `${active ? "reactivate" : "deactivate"} ${user.email}`);
    },
    onSuccess: (user) =>
      setMessage({ tone: "success", text: `${user.email} is ${user.active ? "active again" : "deactivated"}.` }),
    onSettled: () => list.settle(),
  });

  const remove = useMutation({
    mutationFn: async (user: User) => unwrap(await deleteUserAction({ id: user.id })),
    onMutate: (user) => {
      setMessage(null);
      return list.apply((items) => items.filter((u) => u.id !== user.id));
    },
    onError: (error, user, context) => {
      list.rollback(context);
      failed(error, `delete ${user.email}`);
    },
    onSuccess: (_data, user) => setMessage({ tone: "success", text: `${user.email} was deleted.` }),
    onSettled: () => list.settle(),
  });

  const busyId =
    (setActive.isPending ? setActive.variables?.user.id : undefined) ??
    (remove.isPending ? remove.variables?.id : undefined);

  const rows = users.data ?? [];
  const loadError = users.error instanceof Error ? users.error.message : null;

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
        {users.isPending ? "Users" : `${rows.length} ${rows.length === 1 ? "user" : "users"}`}
      </h2>

      {/* Live regions stay mounted so that changes to them are announced. */}
      <div role="status" aria-live="polite">
        {message?.tone === "success" ? (
          <p className="mb-4 rounded-md border border-success-border bg-success-soft px-4 py-3 text-sm text-success-soft-fg">
            {message.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {message?.tone === "error" ? (
          <p className="mb-4 rounded-md border border-danger-border bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg">
            {message.text}
          </p>
        ) : null}
        {loadError ? (
          <p className="mb-4 rounded-md border border-danger-border bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg">
            Could not refresh the list. {loadError}
          </p>
        ) : null}
      </div>

      {users.isPending ? (
        <p className="text-sm text-fg-muted">Loading users…</p>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border-strong bg-surface p-8 text-center">
          <p className="font-medium text-fg">No users yet</p>
          <p className="mt-1 text-sm text-fg-muted">Invite the people who help you run the store.</p>
          <Link href="/users/invite" className={buttonClasses("primary", "mt-4")}>
            Invite user
          </Link>
        </div>
      ) : (
        <ul aria-label="Users" className="space-y-3" aria-busy={users.isFetching || undefined}>
          {rows.map((user) => {
            const self = user.id === currentUserId;
            const busy = busyId === user.id;
            return (
              <li
                key={user.id}
                aria-labelledby={`user-${user.id}`}
                className="rounded-lg border border-border bg-surface p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <p id={`user-${user.id}`} className="min-w-0 break-all font-medium text-fg">
                    {user.email}
                    {self ? <span className="font-normal text-fg-muted"> (you)</span> : null}
                  </p>
                  <Badge tone={user.active ? "success" : "neutral"} dot>
                    {user.active ? "Active" : "Inactive"}
                  </Badge>
                </div>
                <p className="mt-2 text-sm text-fg-muted">
                  <span className="font-medium text-fg">Permissions: </span>
                  {user.permissions.length ? user.permissions.map(permissionLabel).join(", ") : "none"}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    href={`/users/${encodeURIComponent(user.id)}`}
                    className={buttonClasses("secondary", "text-sm")}
                  >
                    Edit permissions<span className="sr-only"> of {user.email}</span>
                  </Link>
                  {self ? null : (
                    <>
                      <button
                        type="button"
                        className={buttonClasses("secondary")}
                        // aria-disabled, not disabled: a disabled button drops keyboard focus.
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) setActive.mutate({ user, active: !user.active });
                        }}
                      >
                        {user.active ? "Deactivate" : "Reactivate"}
                        <span className="sr-only"> {user.email}</span>
                      </button>
                      <button
                        type="button"
                        className={buttonClasses("ghost", "text-danger")}
                        aria-disabled={busy || undefined}
                        onClick={(event) => {
                          if (busy) return;
                          deleteTrigger.current = event.currentTarget;
                          setToDelete(user);
                        }}
                      >
                        Delete<span className="sr-only"> {user.email}</span>
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${toDelete?.email ?? "user"}?`}
        description="They will no longer be able to sign in to the store's admin. This cannot be undone."
        confirmLabel="Delete user"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        // The row (and its Delete button) is about to go: focus the list heading.
        focusAfterConfirm={() => headingRef.current}
        returnFocusTo={() => deleteTrigger.current}
      />
    </section>
  );
}
