"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import KeyRound from "lucide-react/icons/key-round";
import Mail from "lucide-react/icons/mail";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import UserCheck from "lucide-react/icons/user-check";
import UserX from "lucide-react/icons/user-x";
import UsersIcon from "lucide-react/icons/users";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { unwrap } from "@/lib/actions/result";
import { deleteUserAction, sendUserMailAction, setUserActiveAction } from "@/lib/actions/users";
import { FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import { type User, userStatus } from "@/lib/store/users/model";
import { Badge, ChipList } from "../ui/badge";
import { ConfirmDialog } from "../ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { countOf, ListHeading } from "../ui/list-page";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { toast } from "../ui/toast";
import { removeFromList, useOptimisticRemove } from "../ui/use-optimistic-remove";
import { InviteUserDialog } from "./invite-user-dialog";
import { permissionInWords } from "./permission-words";
import { UserStatusBadge } from "./user-status-badge";
import type { WriteAttempt } from "@/lib/write-failure";

const listKey = queryKeys.users.list();

type UserMail = "invitation" | "password_reset";

const mailSent: Record<UserMail, (email: string) => string> = {
  invitation: (email) => `Sent a new invitation to ${email}. The earlier link no longer works.`,
  password_reset: (email) => `Sent a password reset link to ${email}.`,
};

const mailAttempt: Record<UserMail, (email: string) => WriteAttempt> = {
  invitation: (email) => ({ failed: `send a new invitation to ${email}`, happened: `the new invitation to ${email}` }),
  password_reset: (email) => ({
    failed: `send a password reset link to ${email}`,
    happened: `the password reset for ${email}`,
  }),
};

/** The Users list: a table (cards on phones) with each user's actions in a row menu. */
export function UsersManager({ currentUserId }: { currentUserId: string | null }) {
  const router = useRouter();

  // First render from the page (HydrationBoundary); refreshes through GET /api/users.
  const users = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<User[]>("/api/users", { signal }),
  });
  const list = useOptimisticList<User>(listKey, queryKeys.users.all);
  // The delete, and the list's alert that every write shares (`failed`, `clearProblem`).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useOptimisticRemove<User>({
    keyOf: (user) => user.id,
    remove: (user) => deleteUserAction({ id: user.id }),
    list: removeFromList(list, (user) => user.id),
    attempt: (user) => ({ failed: `delete ${user.email}`, happened: `the deletion of ${user.email}` }),
    done: (user) => `Deleted ${user.email}.`,
    heading: headingRef,
  });
  const failed = removal.failed;

  const setActive = useMutation({
    mutationFn: async ({ user, active }: { user: User; active: boolean }) =>
      unwrap(await setUserActiveAction({ id: user.id, active })),
    onMutate: ({ user, active }) => {
      removal.clearProblem();
      return list.apply((items) =>
        items.map((u) => (u.id === user.id ? { ...u, active, status: userStatus({ ...u, active }) } : u)),
      );
    },
    onError: (error, { user, active }, context) => {
      list.rollback(context);
      failed(
        error,
        active
          ? { failed: `reactivate ${user.email}`, happened: `the reactivation of ${user.email}` }
          : { failed: `deactivate ${user.email}`, happened: `the deactivation of ${user.email}` },
      );
    },
    onSuccess: (user) =>
      toast.success(
        user.active ? `${user.email} is active again.` : `${user.email} is deactivated. They can no longer sign in.`,
      ),
    onSettled: () => list.settle(),
  });

  const sendMail = useMutation({
    mutationFn: async ({ user, mail }: { user: User; mail: UserMail }) =>
      unwrap(await sendUserMailAction({ id: user.id, mail })),
    onMutate: () => removal.clearProblem(),
    onError: (error, { user, mail }) => {
      // A store without this extension: nothing to act on in the page, just say so.
      if (error instanceof FailureError && error.code === "not_supported") {
        toast.error(error.message);
        return;
      }
      failed(error, mailAttempt[mail](user.email));
    },
    onSuccess: (_user, { user, mail }) => toast.success(mailSent[mail](user.email)),
    onSettled: () => list.settle(),
  });

  const busyId =
    (setActive.isPending ? setActive.variables?.user.id : undefined) ??
    removal.busyKey ??
    (sendMail.isPending ? sendMail.variables?.user.id : undefined);

  const rows = users.data ?? [];
  const loadError = users.error instanceof Error ? users.error.message : null;
  const onlyYou = rows.every((u) => u.id === currentUserId);
  const toDelete = removal.asked;

  return (
    <section aria-labelledby="users-heading">
      <ListHeading id="users-heading" ref={headingRef}>
        {users.isPending ? "Users" : countOf(rows.length, "user")}
      </ListHeading>

      <ListAlert problem={removal.problem} loadError={loadError} />

      {users.isPending ? (
        <SkeletonRows label="Loading users…" rows={4} rowClassName="h-14" />
      ) : rows.length ? (
        <Table aria-label="Users" stackOnMobile aria-busy={users.isFetching || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Permissions</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((user) => {
              const self = user.id === currentUserId;
              const busy = busyId === user.id;
              return (
                <TableRow key={user.id} aria-busy={busy || undefined}>
                  <TableCell className="font-medium break-all max-md:text-base">
                    {user.email}
                    {self ? (
                      <Badge tone="neutral" className="ms-2 align-middle">
                        You
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell label="Status">
                    <UserStatusBadge status={user.status} />
                  </TableCell>
                  <TableCell label="Permissions">
                    {user.permissions.length ? (
                      <ChipList
                        label={`Permissions of ${user.email}`}
                        items={user.permissions.map(permissionInWords)}
                      />
                    ) : (
                      <span className="text-fg-muted">No permissions</span>
                    )}
                  </TableCell>
                  <TableCell className="w-0 text-end max-md:text-start" data-row-actions={user.id}>
                    <RowActions name={user.email}>
                      <DropdownMenuItem
                        icon={<Pencil />}
                        onSelect={() => router.push(`/users/${encodeURIComponent(user.id)}`)}
                      >
                        Edit permissions
                      </DropdownMenuItem>
                      {user.status === "invited" ? (
                        <DropdownMenuItem
                          icon={<Mail />}
                          disabled={busy}
                          onSelect={() => sendMail.mutate({ user, mail: "invitation" })}
                        >
                          Resend invitation
                        </DropdownMenuItem>
                      ) : null}
                      {user.status === "active" ? (
                        <DropdownMenuItem
                          icon={<KeyRound />}
                          disabled={busy}
                          onSelect={() => sendMail.mutate({ user, mail: "password_reset" })}
                        >
                          Send password reset
                        </DropdownMenuItem>
                      ) : null}
                      {self ? null : (
                        <>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem
                            icon={user.active ? <UserX /> : <UserCheck />}
                            disabled={busy}
                            onSelect={() => setActive.mutate({ user, active: !user.active })}
                          >
                            {user.active ? "Deactivate" : "Reactivate"}
                          </DropdownMenuItem>
                          <DropdownMenuItem
                            icon={<Trash2 />}
                            tone="danger"
                            disabled={busy}
                            onSelect={() => removal.ask(user)}
                          >
                            Delete
                          </DropdownMenuItem>
                        </>
                      )}
                    </RowActions>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}

      {!users.isPending && onlyYou ? (
        <EmptyState
          icon={UsersIcon}
          title="Invite the people who help you"
          className={rows.length ? "mt-6" : undefined}
          action={<InviteUserDialog variant="secondary" />}
        >
          Give each person their own sign-in, with only the access they need. You can change it any time.
        </EmptyState>
      ) : null}

      <ConfirmDialog
        {...removal.confirm}
        title={`Delete ${toDelete?.email ?? "user"}?`}
        description="They will no longer be able to sign in to the store's admin. This cannot be undone."
        confirmLabel="Delete user"
      />
    </section>
  );
}
