import type { AcceptInviteBody, InviteBody, JoinInviteBody, MemberUpdateBody } from '@domain/dealerships';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export type { TeamInvite, TeamMember, TeamResponse } from '@domain/dealerships';

const teamKey = ['team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: ({ signal }) => api.GET('/api/team', { signal }) });
}

function useTeamMutation<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export const useInvite = () => useTeamMutation((body: InviteBody) => api.POST('/api/team/invites', { body }));
export const useRevokeInvite = () =>
  useTeamMutation((inviteId: string) =>
    api.DELETE('/api/team/invites/{inviteId}', { params: { path: { inviteId } } }),
  );
export const useUpdateMember = () =>
  useTeamMutation(({ userId, ...body }: MemberUpdateBody & { userId: string }) =>
    api.PATCH('/api/team/members/{userId}', { params: { path: { userId } }, body }),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    api.DELETE('/api/team/members/{userId}', { params: { path: { userId } } }),
  );

export const acceptInvite = (body: AcceptInviteBody) => api.POST('/api/team/invites/accept', { body });

/** An invitee who already has an account joins signed in (decision 0039). */
export const joinInvite = (body: JoinInviteBody) => api.POST('/api/team/invites/join', { body });
