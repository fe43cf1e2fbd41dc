int main(){ volatile unsigned long x=0; for(;;) x=x*6364136223846793005UL+1; }
