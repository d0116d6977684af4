import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { documentFieldsSchema } from '@cc/contracts';
import { formatBytes } from '../../../shared/format';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { FormAlert, Button, Card, Field, Select, TextField } from '../../../shared/ui';
import { useUploadDocumentMutation } from '../api/accountApi';
import { DOCUMENT_TYPE_OPTIONS } from '../../../shared/format/documentTypes';
import { FilePicker } from './FilePicker';
import { DOCUMENT_RULE, acceptAttribute, fileProblem } from '../lib/fileChecks';

const today = () => new Date().toISOString().slice(0, 10);

export function DocumentUploadForm({ resubmission }: { resubmission: boolean }) {
  const [uploadDocument] = useUploadDocumentMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(documentFieldsSchema),
    mode: 'onTouched',
    defaultValues: { documentType: 'ID' as const, legalName: '', birthDate: '' },
  });

  const chooseFile = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setFileError(chosen ? fileProblem(chosen, DOCUMENT_RULE) : null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!file) return setFileError('Choose the file of your document.');
    if (fileError) return;
    const answer = await uploadDocument({ ...values, file });
    if (answer.error) {
      setFormError(applyServerErrors(answer.error, setError, ['documentType', 'legalName', 'birthDate']));
      return;
    }
    toast.success('Document sent. We will review it shortly.');
  });

  return (
    <Card
      title={resubmission ? 'Send a new document' : 'Send your document'}
      description="Only administrators reviewing your account can see it."
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormAlert message={formError} />
        <div className="form-grid">
          <Select
            label="Document type"
            options={DOCUMENT_TYPE_OPTIONS}
            error={errors.documentType?.message}
            {...register('documentType')}
          />
          <TextField label="Birth date" type="date" max={today()} error={errors.birthDate?.message} {...register('birthDate')} />
        </div>
        <TextField
          label="Legal name"
          autoComplete="name"
          hint="Exactly as written on the document."
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <Field
          label="Document file"
          hint={`A clear photo or scan: ${DOCUMENT_RULE.kinds}, up to ${formatBytes(DOCUMENT_RULE.maxBytes)}.`}
          error={fileError ?? undefined}
        >
          {(control) => <FilePicker control={control} accept={acceptAttribute(DOCUMENT_RULE)} file={file} onChoose={chooseFile} />}
        </Field>
        <div className="form-actions">
          <Button type="submit" loading={isSubmitting}>
            Send for review
          </Button>
        </div>
      </form>
    </Card>
  );
}
