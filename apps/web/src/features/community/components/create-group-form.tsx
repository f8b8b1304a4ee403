import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { COMMUNITY_MESSAGES, GROUP_NAME_MAX } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useCreateGroup } from '../api/create-group';
import { GroupForm } from '../lib/group-name';

/** A refusal (a name taken, the name rules) is the server's own message; anything else the spec's. */
const createGroupErrorMessage = (error: unknown) => errorMessage(error, COMMUNITY_MESSAGES.groupCreateFailed);

export function CreateGroupForm() {
  const navigate = useNavigate();
  const createGroup = useCreateGroup();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(GroupForm),
    defaultValues: { name: '', description: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = handleSubmit((group) => {
    createGroup.mutate(group, {
      onSuccess: (created) => navigate(`/community?groupId=${encodeURIComponent(created.id)}`),
      onError: (error) => setError('root', { type: 'server', message: createGroupErrorMessage(error) }),
    });
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!createGroup.isPending && !isSubmitting) void submit(event);
      }}
      noValidate
      className="space-y-5"
    >
      <TextField
        id="group-name"
        label="Group name"
        maxLength={GROUP_NAME_MAX}
        {...register('name', {
          onChange: () => {
            clearErrors('name');
            clearErrors('root');
          },
        })}
        error={errors.name?.message}
        autoComplete="off"
      />
      <TextAreaField
        id="group-description"
        label="Description (optional)"
        maxLength={500}
        {...register('description', { onChange: () => clearErrors('description') })}
        error={errors.description?.message}
      />
      <FormAlert message={errors.root?.message ?? null} />
      <Button type="submit" disabled={createGroup.isPending} className="w-full sm:w-auto">
        {createGroup.isPending ? <Spinner className="size-4" /> : null}
        {createGroup.isPending ? 'Creating...' : 'Create Group'}
      </Button>
    </form>
  );
}
