import type {
  AcceptInviteBody,
  InviteBody,
  MemberUpdateBody,
  TeamInvite,
  TeamMember,
  TeamResponse,
} from '@domain/dealerships';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, get, post } from '@/lib/api';

export type { TeamInvite, TeamMember, TeamResponse } from '@domain/dealerships';

const teamKey = ['team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: ({ signal }) => get<TeamResponse>('/api/team', signal) });
}

function useTeamMutation<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: teamKey }),
  });
}

export const useInvite = () =>
  useTeamMutation((body: InviteBody) => post<{ invite: TeamInvite }>('/api/team/invites', body));
export const useRevokeInvite = () =>
  useTeamMutation((inviteId: string) => api<{ ok: true }>('DELETE', `/api/team/invites/${inviteId}`));
export const useUpdateMember = () =>
  useTeamMutation(({ userId, ...body }: MemberUpdateBody & { userId: string }) =>
    api<{ member: TeamMember }>('PATCH', `/api/team/members/${userId}`, body),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) => api<{ ok: true }>('DELETE', `/api/team/members/${userId}`));

export const acceptInvite = (body: AcceptInviteBody) =>
  post<{ email: string }>('/api/team/invites/accept', body);
