import { errorText } from '../../client/src/dom';

describe('errorText: a server refusal in words for a toast', () => {
  it('is the message as a sentence, never the code', () => {
    expect(errorText({ code: 'occupied', message: 'that cell is taken' } as { message: string })).toBe('That cell is taken.');
    expect(errorText({ message: 'a door is already selected' })).toBe('A door is already selected.');
  });

  it('keeps a sentence that already ends, and says something when the server said nothing', () => {
    expect(errorText({ message: 'Slow down!' })).toBe('Slow down!');
    expect(errorText({ message: '  ' })).toBe('That was refused.');
    expect(errorText({})).toBe('That was refused.');
  });
});
