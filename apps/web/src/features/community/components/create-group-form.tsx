import { useNavigate } from 'react-router';
import { COMMUNITY_MESSAGES, GROUP_NAME_MAX } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useCreateGroup } from '../api/create-group';
import { GroupForm } from '../lib/group-name';
import { runMutation } from '@/lib/run-mutation';

/** A refusal (a name taken, the name rules) is the server's own message; anything else the spec's. */
const createGroupErrorMessage = (error: unknown) => errorMessage(error, COMMUNITY_MESSAGES.groupCreateFailed);

export function CreateGroupForm() {
  const navigate = useNavigate();
  const createGroup = useCreateGroup();

  const create: SubmitOf<typeof GroupForm> = (group, form) => {
    runMutation(createGroup, group, {
      onSuccess: (created) => navigate(`/community?groupId=${encodeURIComponent(created.id)}`),
      onError: (error) => form.showServerErrors({}, createGroupErrorMessage(error)),
    });
  };

  return (
    <Form
      schema={GroupForm}
      defaultValues={{ name: '', description: '' }}
      onSubmit={create}
      className="space-y-5"
    >
      {({ register, clearErrors, field, formState: { errors } }) => (
        <>
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
            {...field('description')}
          />
          <FormAlert message={errors.root?.message ?? null} />
          <Button type="submit" disabled={createGroup.isPending} className="w-full sm:w-auto">
            {createGroup.isPending ? <Spinner className="size-4" /> : null}
            {createGroup.isPending ? 'Creating...' : 'Create Group'}
          </Button>
        </>
      )}
    </Form>
  );
}
