import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { COMMUNITY_MESSAGES, GROUP_NAME_MAX } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { useCreateGroup } from '../api/create-group';
import { groupNameError } from '../lib/group-name';

/** A 409 (name taken) or 400 (name rules) is the server's own message; anything else the spec's. */
function createGroupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.serverMessage) {
    return error.serverMessage;
  }
  return COMMUNITY_MESSAGES.groupCreateFailed;
}

export function CreateGroupForm() {
  const navigate = useNavigate();
  const createGroup = useCreateGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createGroup.isPending) return;
    const problem = groupNameError(name);
    setNameError(problem);
    setFormError(null);
    if (problem) return;
    createGroup.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (group) => navigate(`/community?groupId=${encodeURIComponent(group.id)}`),
        onError: (error) => setFormError(createGroupErrorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        id="group-name"
        label="Group name"
        value={name}
        maxLength={GROUP_NAME_MAX}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
          setFormError(null);
        }}
        error={nameError ?? undefined}
        autoComplete="off"
      />
      <TextAreaField
        id="group-description"
        label="Description (optional)"
        value={description}
        maxLength={500}
        onChange={(event) => setDescription(event.target.value)}
      />
      <FormAlert message={formError} />
      <Button type="submit" disabled={createGroup.isPending} className="w-full sm:w-auto">
        {createGroup.isPending ? <Spinner className="size-4" /> : null}
        {createGroup.isPending ? 'Creating...' : 'Create Group'}
      </Button>
    </form>
  );
}
